import type { Page } from '@iot/contracts';
import type { Member } from '@iot/contracts/memberships';
import { http } from '../../api/http';
import type { ScopeApi } from '../roles/index';

/** Every members query of a scope starts with this key: invalidate it after a write. */
export const membersKey = (api: ScopeApi) => ['members', api.members] as const;

/** A page of 成员管理: keyword and role as the server reads them. */
export const fetchMembers = (
  api: ScopeApi,
  params: { page: number; size: number; keyword?: string; roleId?: string },
) => http.get<Page<Member>>(api.members, { params });
