import type { DutyMember } from '@iot/contracts/duty';

/** Picker options of the project's members: 姓名（账号）. */
export function memberOptions(members: DutyMember[] | undefined) {
  return (members ?? []).map((m) => ({ value: m.id, label: `${m.realname}（${m.username}）` }));
}
