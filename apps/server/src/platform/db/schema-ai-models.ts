import type { Generated } from 'kysely';

/** AI模型 (migration 0041); part of `Database` in schema.ts. */
export interface AiModelsTable {
  id: Generated<number>;
  name: string;
  /** openai */
  kind: string;
  base_url: string;
  model: string;
  /** '' or the sealed key (platform/secret-box.ts); never the key itself. */
  api_key_sealed: string;
  /** 1 or 0 */
  supports_thinking: number;
  /** 1 or 0 */
  enabled: number;
  /** null: the system default. */
  project_id: number | null;
  created_at: number;
  updated_at: number;
}
