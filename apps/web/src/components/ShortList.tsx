import { Empty, List, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError, type QueryLike } from './LoadState';

/**
 * A few rows of another screen's data inside a detail or a card (the equipment detail's 故障记录 /
 * 工单 / 维保记录, the site home's work orders): a blank while loading, the failure with 重试, the
 * empty message, or the rows; then a link to the screen that holds them all. One column of text,
 * so it fits a 390 px phone without a horizontal scroll.
 */
export function ShortList<T>({
  query,
  rows,
  what,
  empty,
  rowKey,
  renderRow,
  total,
  more,
  testId,
}: {
  query: QueryLike;
  rows: T[];
  /** What failed to load, e.g. 故障记录. */
  what: string;
  empty: string;
  rowKey(row: T): string | number;
  renderRow(row: T): ReactNode;
  /** How many there are in all (shown beside the link). */
  total?: number;
  /** The screen with all of them. */
  more?: { to: string; label: string };
  testId?: string;
}) {
  if (query.isError)
    return (
      <div data-testid={testId}>
        <LoadError compact what={what} error={query.error} onRetry={query.refetch} />
      </div>
    );
  return (
    <div data-testid={testId}>
      <List<T>
        size="small"
        loading={query.isLoading}
        dataSource={rows}
        rowKey={rowKey}
        locale={{
          emptyText: query.isLoading ? (
            <div style={{ height: 64 }} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
          ),
        }}
        renderItem={(row) => (
          <List.Item style={{ paddingInline: 0 }} data-testid="short-list-row">
            <div style={{ width: '100%', minWidth: 0 }}>{renderRow(row)}</div>
          </List.Item>
        )}
      />
      {more && !query.isLoading && (
        <Space style={{ marginTop: 8 }} wrap>
          {total !== undefined && <Typography.Text type="secondary">共 {total} 条</Typography.Text>}
          <Link to={more.to}>{more.label}</Link>
        </Space>
      )}
    </div>
  );
}
