import type { ScopeType } from '@iot/contracts';
import type { MenuDefinition } from '@iot/contracts/menus';
import { Checkbox, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { PERMISSION_BITS } from '../scopeApi';
import { type FunctionMasks, type FunctionRow, functionRows, scopeEntries, withBit } from './functionTree';

interface Props {
  scopeType: ScopeType;
  value?: FunctionMasks;
  onChange?: (value: FunctionMasks) => void;
  disabled?: boolean;
}

/** Checked state of a set of (entry, bit) cells: all, some or none of them granted. */
function stateOf(cells: { entry: MenuDefinition; bit: number }[], masks: FunctionMasks) {
  const on = cells.filter(({ entry, bit }) => ((masks[entry.code] ?? 0) & bit) === bit).length;
  return { checked: cells.length > 0 && on === cells.length, indeterminate: on > 0 && on < cells.length };
}

const cellsOf = (leaves: MenuDefinition[], bit?: number) =>
  leaves.flatMap((entry) =>
    PERMISSION_BITS.filter((b) => (bit === undefined || b.bit === bit) && entry.bits & b.bit).map((b) => ({
      entry,
      bit: b.bit,
    })),
  );

/**
 * The role's functions: the scope's catalogue entries grouped under their containers, one
 * checkbox per bit an entry declares, and 全选 per row, per group and for everything.
 */
export function FunctionEditor({ scopeType, value = {}, onChange, disabled }: Props) {
  const rows = useMemo(() => functionRows(scopeType), [scopeType]);
  const entries = useMemo(() => scopeEntries(scopeType), [scopeType]);
  const granted = entries.filter((entry) => (value[entry.code] ?? 0) > 0).length;

  const setBit = (leaves: MenuDefinition[], bit: number, on: boolean) => {
    const next = { ...value };
    for (const entry of leaves) {
      if (!(entry.bits & bit)) continue;
      next[entry.code] = withBit(next[entry.code] ?? 0, entry, bit, on);
    }
    onChange?.(next);
  };
  const setAll = (leaves: MenuDefinition[], on: boolean) => {
    const next = { ...value };
    for (const entry of leaves) next[entry.code] = on ? entry.bits : 0;
    onChange?.(next);
  };

  const columns: TableColumnsType<FunctionRow> = [
    {
      title: '功能',
      key: 'title',
      render: (_, row) => (
        <Space size={4}>
          <Typography.Text strong={!row.entry}>{row.title}</Typography.Text>
          {row.entry?.hidden && <Tag variant="filled">不在菜单显示</Tag>}
        </Space>
      ),
    },
    ...PERMISSION_BITS.map(({ bit, label }) => ({
      title: label,
      key: `bit-${bit}`,
      width: 72,
      align: 'center' as const,
      render: (_: unknown, row: FunctionRow) => {
        const cells = cellsOf(row.leaves, bit);
        if (cells.length === 0) return null;
        return (
          <Checkbox
            {...stateOf(cells, value)}
            disabled={disabled}
            aria-label={`${row.title} ${label}`}
            onChange={(event) => setBit(row.leaves, bit, event.target.checked)}
          />
        );
      },
    })),
    {
      title: (
        <Checkbox
          {...stateOf(cellsOf(entries), value)}
          disabled={disabled}
          aria-label="全部功能 全选"
          onChange={(event) => setAll(entries, event.target.checked)}
        >
          全选
        </Checkbox>
      ),
      key: 'all',
      width: 96,
      align: 'center',
      render: (_, row) => (
        <Checkbox
          {...stateOf(cellsOf(row.leaves), value)}
          disabled={disabled}
          aria-label={`${row.title} 全选`}
          onChange={(event) => setAll(row.leaves, event.target.checked)}
        />
      ),
    },
  ];

  return (
    <div data-testid="function-editor">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        已选 {granted} / {entries.length}{' '}
        项功能。勾选修改、删除、新增或锁定时自动包含查看；取消查看即取消该功能。
      </Typography.Paragraph>
      <Table<FunctionRow>
        size="small"
        bordered
        rowKey="key"
        columns={columns}
        dataSource={rows}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
      />
    </div>
  );
}
