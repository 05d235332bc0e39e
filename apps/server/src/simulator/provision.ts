import { randomBytes } from 'node:crypto';
import type { SimulatedGateway } from './devices.js';
import type { Profile } from './profiles.js';

/** A small client of the platform's own HTTP API: the simulator provisions devices as a person would. */
export class PlatformClient {
  private token = '';

  constructor(
    readonly baseUrl: string,
    private readonly webClientSecret = 'iot-web',
  ) {}

  async login(username: string, password: string): Promise<void> {
    const response = await fetch(`${this.baseUrl}/iot/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`iot-web:${this.webClientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'password', username, password, loginWay: 'api' }).toString(),
    });
    const body = (await response.json()) as { code: number; message: string; access_token?: string };
    if (body.code !== 20000 || !body.access_token)
      throw new Error(`sign-in as ${username} failed: ${body.message}`);
    this.token = body.access_token;
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const answer = (await response.json()) as { code: number; message: string; data: T };
    if (answer.code !== 20000) throw new Error(`${method} ${path}: ${answer.message}`);
    return answer.data;
  }
}

interface Page<T> {
  list: T[];
}

/**
 * Creates what the devices need in a project: an indicator per profile (reused by name), then
 * each gateway with its gateway indicators (writable where the profile is). Answers the devices
 * with their one-time secrets, gateway ids and gateway indicator ids.
 */
export async function provisionGateways(
  client: PlatformClient,
  projectId: number,
  gateways: {
    alias: string;
    groupId?: number;
    protocol: SimulatedGateway['protocol'];
    /** This gateway's points, when they are not `profiles`. */
    profiles?: Profile[];
  }[],
  profiles: Profile[],
): Promise<SimulatedGateway[]> {
  const existing = await client.call<Page<{ id: number; name: string }>>(
    'GET',
    `/iot/groups/${projectId}/indicators?size=1000`,
  );
  const indicatorIds = new Map(existing.list.map((i) => [i.name, i.id]));
  for (const profile of [...profiles, ...gateways.flatMap((g) => g.profiles ?? [])]) {
    if (indicatorIds.has(profile.name)) continue;
    const created = await client.call<{ id: number }>('POST', `/iot/groups/${projectId}/indicators`, {
      name: profile.name,
      type: profile.type,
      unit: profile.unit,
      decimalPlaces: profile.decimals,
      ...(profile.enums ? { indicatorEnums: profile.enums } : {}),
    });
    indicatorIds.set(profile.name, created.id);
  }
  const devices: SimulatedGateway[] = [];
  for (const gateway of gateways) {
    const serialNumber = `SIM${randomBytes(5).toString('hex').toUpperCase()}`;
    const created = await client.call<{ id: number; secret: string }>(
      'POST',
      `/iot/groups/${projectId}/gateways`,
      {
        serialNumber,
        alias: gateway.alias,
        ...(gateway.groupId ? { groupId: gateway.groupId } : {}),
      },
    );
    const gatewayIndicatorIds: Record<string, number> = {};
    for (const profile of gateway.profiles ?? profiles) {
      const point = await client.call<{ id: number }>(
        'POST',
        `/iot/groups/${projectId}/gateways/${created.id}/indicators`,
        {
          indicatorId: indicatorIds.get(profile.name),
          alias: profile.name,
          dataIdentification: profile.key,
          ioType: profile.io ?? 'r',
        },
      );
      gatewayIndicatorIds[profile.key] = point.id;
    }
    devices.push({
      serialNumber,
      secret: created.secret,
      protocol: gateway.protocol,
      profiles: gateway.profiles ?? profiles,
      gatewayId: created.id,
      indicatorIds: gatewayIndicatorIds,
    });
  }
  return devices;
}
