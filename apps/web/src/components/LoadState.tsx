import { ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Result, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ApiError } from '../api/http';

/** What a list or chart needs to know of its query to tell loading, failure and emptiness apart. */
export interface QueryLike {
  isLoading: boolean;
  isError: boolean;
  error: Error | null;
  refetch(): unknown;
}

/**
 * A failed load, with the server's reason and a retry. Never shown as "no data": an operator who
 * sees 还没有网关 after a 502 believes it (issue 11, item 6).
 */
export function LoadError({
  what,
  error,
  onRetry,
  compact = false,
  inline = false,
}: {
  /** The thing that failed to load, e.g. 网关列表. */
  what: string;
  error: Error | null;
  onRetry(): unknown;
  /** Inside a table or a card: a small block instead of a full-page result. */
  compact?: boolean;
  /** In a small card or beside a control: one line of text and a small retry. */
  inline?: boolean;
}) {
  const retry = (
    <Button
      icon={<ReloadOutlined />}
      size={inline ? 'small' : undefined}
      onClick={() => onRetry()}
      data-testid="load-retry"
    >
      重试
    </Button>
  );
  const reason = error?.message || '网络异常，请稍后再试';
  if (inline)
    return (
      <Space role="alert" data-testid="load-error" size={8} wrap>
        <Typography.Text type="danger">{`${what}加载失败：${reason}`}</Typography.Text>
        {retry}
      </Space>
    );
  return (
    <div role="alert" data-testid="load-error">
      {compact ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`${what}加载失败：${reason}`}>
          {retry}
        </Empty>
      ) : (
        <Result status="warning" title={`${what}加载失败`} subTitle={reason} extra={retry} />
      )}
    </div>
  );
}

/**
 * The body of a table's empty area: a blank while the first page loads, the failure with a retry,
 * or the caller's empty message. Use as `locale={{ emptyText: tableEmpty(query, '网关列表', <Empty …/>) }}`.
 */
export function tableEmpty(query: QueryLike, what: string, empty: ReactNode): ReactNode {
  if (query.isLoading) return <div style={{ height: 120 }} />;
  if (query.isError) return <LoadError compact what={what} error={query.error} onRetry={query.refetch} />;
  return empty;
}

/** The thing asked for does not exist (HTTP 404): a screen says so instead of offering a retry. */
export function isNotFound(error: Error | null): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** A refusal for lack of a permission bit (HTTP 403): a screen may say so instead of offering a retry. */
export function isForbidden(error: Error | null): boolean {
  return error instanceof ApiError && error.status === 403;
}
