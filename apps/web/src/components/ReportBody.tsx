import { Card, Col, Empty, Row, Spin, Statistic, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { LoadError } from './LoadState';

/**
 * The body of an analysis screen under its filter bar (预警分析, 运维统计): no valid range, a failed
 * load with a retry, the first load, or the figures and — unless the range holds nothing — charts.
 * A refetch keeps the last figures under a spinner.
 */
export function ReportBody<T>({
  what,
  query,
  invalidRange,
  empty,
  isEmpty,
  figures,
  charts,
}: {
  /** The report's name, for the failure text (e.g. 预警分析). */
  what: string;
  query: {
    data: T | undefined;
    isError: boolean;
    isFetching: boolean;
    error: Error | null;
    refetch(): unknown;
  } | null;
  invalidRange: string;
  /** Shown under the figures when the range holds nothing. */
  empty: string;
  isEmpty(data: T): boolean;
  figures(data: T): Figure[];
  charts(data: T): ReactNode;
}) {
  if (query === null) return <Empty description={invalidRange} style={{ padding: '48px 0' }} />;
  if (query.isError) return <LoadError what={what} error={query.error} onRetry={query.refetch} />;
  const data = query.data;
  if (data === undefined) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return (
    <Spin spinning={query.isFetching}>
      <FigureCards figures={figures(data)} />
      {isEmpty(data) ? <Empty description={empty} style={{ padding: '48px 0' }} /> : charts(data)}
    </Spin>
  );
}

export interface Figure {
  key: string;
  title: string;
  value: string;
  /** How the figure is reckoned, on hover. */
  hint?: string;
}

/** The headline figures of a report, one small card each (`figure-<key>` for tests). */
export function FigureCards({ figures }: { figures: Figure[] }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {figures.map((f) => {
        const card = (
          <Card size="small" data-testid={`figure-${f.key}`}>
            <Statistic title={f.title} value={f.value} />
          </Card>
        );
        return (
          <Col key={f.key} flex="1 1 160px">
            {f.hint ? <Tooltip title={f.hint}>{card}</Tooltip> : card}
          </Col>
        );
      })}
    </Row>
  );
}
