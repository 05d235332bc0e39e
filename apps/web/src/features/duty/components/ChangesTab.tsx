import { CHANGE_KINDS, ChangeKindNames, type DutyChange } from '@iot/contracts/duty';
import { Select, type TableColumnsType, Tag } from 'antd';
import { createdAtColumn } from '../../../components/PagedList';
import { PagedListCard, useRowActions } from '../../../components/PagedListCard';
import { dutyApi, dutyKeys } from '../api';

const KIND_FILTER = { kind: '' };

/** What a change does, in a line: 甲 → 乙, and back on the other date. */
function whatText(c: DutyChange): string {
  if (c.kind === 'override') return `由 ${c.user.realname} 值班`;
  const back = c.withDate ? `；${c.withDate} ${c.withShiftName ?? ''} 由 ${c.user.realname} 顶替` : '';
  return `${c.user.realname} → ${c.withUser?.realname ?? '—'}${back}`;
}

/** 调班与指定: swaps and overrides, newest date first; made here or from a calendar slot. */
export function ChangesTab({ projectId, onCreate }: { projectId: number; onCreate(): void }) {
  const actions = useRowActions<DutyChange>({
    width: 90,
    remove: {
      confirm: (c) => `确定删除 ${c.date} ${c.shiftName}的${ChangeKindNames[c.kind]}吗？`,
      description: '删除后该班次恢复按轮班规则值班。',
      request: (c) => dutyApi.removeChange(projectId, c.id),
      done: (c) => `${ChangeKindNames[c.kind]}已删除`,
      invalidate: dutyKeys.all(projectId),
    },
  });
  const columns: TableColumnsType<DutyChange> = [
    {
      title: '类型',
      dataIndex: 'kind',
      width: 90,
      render: (k: DutyChange['kind']) => (
        <Tag color={k === 'override' ? 'volcano' : 'cyan'}>{ChangeKindNames[k]}</Tag>
      ),
    },
    { title: '日期', dataIndex: 'date', width: 110 },
    { title: '班次', dataIndex: 'shiftName', width: 80 },
    { title: '安排', key: 'what', width: 260, render: (_, c) => whatText(c) },
    { title: '备注', dataIndex: 'note', width: 160, ellipsis: true, render: (n: string) => n || '—' },
    {
      title: '操作人',
      dataIndex: 'createdBy',
      width: 110,
      render: (p: DutyChange['createdBy']) => p?.realname ?? '—',
    },
    createdAtColumn(),
    ...actions,
  ];
  return (
    <PagedListCard<DutyChange, typeof KIND_FILTER>
      title="调班与指定"
      what="调班记录"
      queryKey={dutyKeys.changes(projectId)}
      savedAs="dutyChanges"
      fetchPage={(params) => dutyApi.changes(projectId, params)}
      filters={{
        defaults: KIND_FILTER,
        render: (values, set) => (
          <Select
            aria-label="类型"
            style={{ width: 120 }}
            value={values.kind}
            onChange={(kind) => set({ kind })}
            options={[
              { value: '', label: '全部类型' },
              ...CHANGE_KINDS.map((k) => ({ value: k, label: ChangeKindNames[k] })),
            ]}
          />
        ),
      }}
      columns={columns}
      searchPlaceholder="人员、班次或备注"
      empty="还没有调班或指定值班"
      counted="条记录"
      noun="记录"
      create={{ text: '调班 / 指定值班', onClick: onCreate }}
    />
  );
}
