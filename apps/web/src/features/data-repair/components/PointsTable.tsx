import type { StoredPoint } from '@iot/contracts/data-repair';
import { Button, DatePicker, Empty, Input, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { formatTs } from './RepairChanges';

/** Explicit corrections by time: a text value, or null to delete the stored point. */
export type PointEdits = Map<number, string | null>;

interface Row {
  ts: number;
  current: StoredPoint['value'] | null;
}

interface Props {
  points: StoredPoint[];
  edits: PointEdits;
  onEdit: (ts: number, value: string | null | undefined) => void;
  range: [number, number];
  loading: boolean;
  editable: boolean;
  /** What the server's rule says of a typed value (spec core §5 decimal rule); null when it passes. */
  check: (value: string) => string | null;
}

/**
 * The stored points of the range with a correction field per row (empty = unchanged), a delete
 * toggle, and a row to add a point where one is missing. Paged in the browser: the range's points
 * (at most 10,000) are loaded once to be edited together.
 */
export function PointsTable({ points, edits, onEdit, range, loading, editable, check }: Props) {
  const [newTs, setNewTs] = useState<Dayjs | null>(null);
  const [newValue, setNewValue] = useState('');
  const stored = new Set(points.map((p) => p.ts));
  const rows: Row[] = [
    ...points.map((p) => ({ ts: p.ts, current: p.value })),
    ...[...edits.keys()].filter((ts) => !stored.has(ts)).map((ts) => ({ ts, current: null })),
  ].sort((a, b) => a.ts - b.ts);

  const columns: TableColumnsType<Row> = [
    { title: '时间', dataIndex: 'ts', width: 180, render: formatTs },
    {
      title: '当前值',
      dataIndex: 'current',
      width: 140,
      render: (value: Row['current']) => (value === null ? <Tag>无数据</Tag> : String(value)),
    },
    {
      title: '修正值',
      key: 'edit',
      render: (_, row) => {
        const edit = edits.get(row.ts);
        if (edit === null) return <Tag color="error">删除</Tag>;
        const problem = edit === undefined ? null : check(edit);
        return (
          <Space size={4} wrap>
            <Input
              size="small"
              aria-label={`修正值 ${formatTs(row.ts)}`}
              placeholder={row.current === null ? '' : String(row.current)}
              value={edit ?? ''}
              disabled={!editable}
              style={{ width: 160 }}
              status={problem ? 'error' : undefined}
              onChange={(event) => onEdit(row.ts, event.target.value === '' ? undefined : event.target.value)}
            />
            {problem && (
              <Typography.Text type="danger" role="alert">
                {problem}
              </Typography.Text>
            )}
          </Space>
        );
      },
    },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_, row) =>
        edits.get(row.ts) === null || (row.current === null && edits.has(row.ts)) ? (
          <Button type="link" size="small" disabled={!editable} onClick={() => onEdit(row.ts, undefined)}>
            {row.current === null ? '移除' : '恢复'}
          </Button>
        ) : (
          <Button type="link" size="small" danger disabled={!editable} onClick={() => onEdit(row.ts, null)}>
            删除
          </Button>
        ),
    },
  ];

  const inRange = (d: Dayjs) => d.valueOf() >= range[0] && d.valueOf() < range[1];
  return (
    <>
      <Table<Row>
        size="small"
        rowKey="ts"
        columns={columns}
        dataSource={rows}
        loading={loading}
        rowClassName={(row) => (edits.has(row.ts) ? 'ant-table-row-selected' : '')}
        pagination={{
          pageSize: 10,
          showSizeChanger: false,
          showTotal: (n) => `共 ${n} 个点`,
        }}
        locale={{
          emptyText: loading ? <div style={{ height: 80 }} /> : <Empty description="该时间段内没有数据" />,
        }}
      />
      {editable && (
        <Space wrap style={{ marginTop: 8 }}>
          <DatePicker
            showTime
            aria-label="补点时间"
            placeholder="补点时间"
            value={newTs}
            disabledDate={(d) =>
              d.endOf('day').valueOf() < range[0] || d.startOf('day').valueOf() >= range[1]
            }
            onChange={setNewTs}
          />
          <Input
            aria-label="补点数值"
            placeholder="数值"
            style={{ width: 120 }}
            value={newValue}
            onChange={(event) => setNewValue(event.target.value)}
          />
          <Button
            disabled={!newTs || newValue.trim() === '' || !inRange(newTs)}
            onClick={() => {
              if (!newTs) return;
              onEdit(newTs.startOf('second').valueOf(), newValue.trim());
              setNewTs(null);
              setNewValue('');
            }}
          >
            补点
          </Button>
        </Space>
      )}
    </>
  );
}
