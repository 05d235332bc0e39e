import type { Generated } from 'kysely';

/** The assistant's chats (migration 0040); part of `Database` in schema.ts. */
export interface ChatsTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  name: string;
  /** Until when an answer is being written (ms); null: idle. */
  busy_until: number | null;
  created_at: number;
  updated_at: number;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  chat_id: number;
  /** user | assistant | system */
  role: string;
  content: Generated<string>;
  reasoning: Generated<string>;
  /** JSON array of {name, size, url, type}. */
  files: Generated<string>;
  /** JSON array of {name, arguments, source}. */
  tool_calls: Generated<string>;
  /** done | streaming | stopped | failed */
  status: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface ChatFilesTable {
  id: Generated<number>;
  project_id: number;
  chat_id: number;
  stored_name: string;
  name: string;
  size: number;
  content_type: string;
  created_at: number;
}
