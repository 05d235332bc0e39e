import type { RepairChange, StoredPoint } from '@iot/contracts/data-repair';
import { Empty, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { applyChanges, useRangePoints } from '../api';
import { RepairChart } from './RepairChart';

export const formatTs = (ts: number) => dayjs(ts).format('YYYY-MM-DD HH:mm:ss');

function ChangeValue({ value, missing }: { value: RepairChange['before']; missing: string }) {
  return value === null ? <Tag>{missing}</Tag> : <span>{String(value)}</span>;
}

/** The changes of a repair as a table: time, before (无 = added) and after (删除 = deleted). */
export function ChangesTable({ changes, loading }: { changes: RepairChange[]; loading?: boolean }) {
  const columns: TableColumnsType<RepairChange> = [
    { title: '时间', dataIndex: 'ts', width: 180, render: formatTs },
    {
      title: '修改前',
      dataIndex: 'before',
      render: (value: RepairChange['before']) => <ChangeValue value={value} missing="无数据（新增）" />,
    },
    {
      title: '修改后',
      dataIndex: 'after',
      render: (value: RepairChange['after']) => (
        <Typography.Text type={value === null ? 'danger' : 'success'}>
          <ChangeValue value={value} missing="删除" />
        </Typography.Text>
      ),
    },
  ];
  return (
    <Table<RepairChange>
      size="small"
      rowKey="ts"
      columns={columns}
      dataSource={changes}
      loading={loading}
      pagination={{
        pageSize: 10,
        showSizeChanger: false,
        showTotal: (n) => `共 ${n} 处修改`,
      }}
      locale={{
        emptyText: loading ? <div style={{ height: 80 }} /> : <Empty description="没有需要修改的数据点" />,
      }}
    />
  );
}

export interface RepairChangesProps {
  groupId: number;
  gatewayIndicatorId: number;
  range: [number, number];
  unit: string;
  changes: RepairChange[];
  /** True when the changes are already in the stored data (an approved repair). */
  applied: boolean;
  loading?: boolean;
}

/**
 * Before and after of a repair over its range: the stored points now, with the changes laid on
 * (a pending repair) or taken back (an approved one, whose originals were kept), and the list.
 */
export function RepairChanges({
  groupId,
  gatewayIndicatorId,
  range,
  unit,
  changes,
  applied,
  loading,
}: RepairChangesProps) {
  const stored = useRangePoints(groupId, { gatewayIndicatorId, startTime: range[0], stopTime: range[1] });
  const series = useMemo(() => {
    // The nearest points outside the range too, so the lines join the data around the repair.
    const anchors = [stored.data?.before, stored.data?.after].filter((p) => p != null);
    const now: StoredPoint[] = [...anchors, ...(stored.data?.points ?? [])].sort((a, b) => a.ts - b.ts);
    return applied
      ? { before: applyChanges(now, changes, 'before'), after: now }
      : { before: now, after: applyChanges(now, changes, 'after') };
  }, [stored.data, changes, applied]);
  const span: [number, number] = [
    Math.min(range[0], stored.data?.before?.ts ?? range[0]),
    Math.max(range[1], stored.data?.after?.ts ?? range[1]),
  ];
  return (
    <>
      <RepairChart before={series.before} after={series.after} range={span} unit={unit} height={260} />
      <ChangesTable changes={changes} loading={loading} />
    </>
  );
}
