import type { PublicGateway } from '@iot/contracts/live-data';
import type { AuthContext } from '../../platform/auth/access.service.js';
import type { LiveDataRepository } from './live-data.repository.js';

/** Who may watch which gateway live. */
export class LiveDataService {
  constructor(private readonly repository: LiveDataRepository) {}

  /**
   * A signed-in user may watch the gateways of projects and firms they are a member of (any
   * role: every role can open some monitoring screen); system administrators all of them. An
   * anonymous socket (big screens shown without sign-in) only gateways of demo projects.
   */
  async readable(auth: AuthContext | null, gatewayIds: number[]): Promise<Set<number>> {
    const owners = await this.repository.owners(gatewayIds);
    if (auth?.isSystemAdmin) return new Set(owners.map((o) => o.id));
    if (!auth) return new Set(owners.filter((o) => o.is_demo === 1).map((o) => o.id));
    const scopes = new Set(
      (await this.repository.memberships(auth.userId)).map((m) => `${m.scope_type}:${m.scope_id}`),
    );
    const readable = new Set(
      owners
        .filter(
          (o) =>
            (o.project_id !== null && scopes.has(`project:${o.project_id}`)) ||
            (o.firm_id !== null && scopes.has(`firm:${o.firm_id}`)),
        )
        .map((o) => o.id),
    );
    // A gateway shared into a project the user is a member of reads there too (decision 0069).
    const rest = owners.map((o) => o.id).filter((id) => !readable.has(id));
    for (const link of await this.repository.sharedInto(rest))
      if (scopes.has(`project:${link.projectId}`)) readable.add(link.gatewayId);
    return readable;
  }

  /**
   * Names of gateways for a page shown without sign-in (/viewLastData): only those the anonymous
   * socket would serve (demo projects'); the others are left out, not refused one by one.
   */
  async publicNames(gatewayIds: number[]): Promise<PublicGateway[]> {
    const rows = await this.repository.demoNames(gatewayIds);
    return rows.map((r) => ({
      id: r.id,
      alias: r.alias,
      siteName: r.site_name,
      projectName: r.project_name,
    }));
  }

  /** Current values of each gateway, as notify params. */
  async lastData(
    gatewayIds: number[],
  ): Promise<Map<number, { params: Record<string, number | string>; ts: number }>> {
    const byGateway = new Map<number, { params: Record<string, number | string>; ts: number }>();
    for (const row of await this.repository.lastValues(gatewayIds)) {
      const entry = byGateway.get(row.gateway_id) ?? { params: {}, ts: 0 };
      entry.params[row.data_identification] = row.num_value ?? row.text_value ?? '';
      entry.ts = Math.max(entry.ts, row.ts);
      byGateway.set(row.gateway_id, entry);
    }
    return byGateway;
  }
}
