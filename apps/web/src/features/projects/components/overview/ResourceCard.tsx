import { Card, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';

/** One figure of 资源概览: a label with its icon, the figure and what it means beneath. */
export function ResourceCard({
  testId,
  label,
  icon,
  value,
  suffix,
  tone,
  children,
}: {
  testId: string;
  label: string;
  icon: ReactNode;
  value: number | string;
  suffix?: ReactNode;
  tone?: string | undefined;
  children?: ReactNode;
}) {
  return (
    <Card size="small" data-testid={testId} style={{ height: '100%' }}>
      <Statistic
        title={
          <span>
            {icon} {label}
          </span>
        }
        value={value}
        suffix={suffix}
        valueStyle={tone ? { color: tone } : undefined}
      />
      {children && <div style={{ marginTop: 6, minHeight: 22 }}>{children}</div>}
    </Card>
  );
}

/** A small grey line under a figure. */
export function Note({
  children,
  type = 'secondary',
}: {
  children: ReactNode;
  type?: 'secondary' | 'danger' | 'warning';
}) {
  return (
    <Typography.Text type={type} style={{ fontSize: 12, display: 'block' }}>
      {children}
    </Typography.Text>
  );
}

/** The suffix after a figure: "/ 256", "/ 不限". */
export function Of({ children }: { children: ReactNode }) {
  return <span style={{ fontSize: 14, opacity: 0.65 }}>{children}</span>;
}
