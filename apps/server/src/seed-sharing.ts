import type { PlatformClient } from './simulator/provision.js';

/**
 * One share of the demo project (docs/decisions/0069-sharing-by-code.md): its first gateway and its
 * first camera (厂区大门), for a year, by the demo project admin, so 网关管理 → 分享 shows a code ready
 * for 使用分享码 in another project. Through the API, after the demo's gateways are provisioned (they
 * do not exist at seed time).
 */
export async function seedDemoShare(
  client: PlatformClient,
  projectId: number,
  gatewayId: number,
): Promise<void> {
  const cameras = await client.call<{ id: number }[]>('GET', `/iot/groups/${projectId}/cameras`);
  await client.call('POST', `/iot/groups/${projectId}/shares`, {
    gatewayIds: [gatewayId],
    cameraIds: cameras.slice(0, 1).map((c) => c.id),
    expiresAt: Date.now() + 365 * 86_400_000,
    remark: '示范分享：在另一项目中用“使用分享码”添加',
  });
}
