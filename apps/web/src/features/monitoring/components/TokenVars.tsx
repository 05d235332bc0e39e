import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import './monitoring.css';

/** The active theme's tokens as CSS variables for the monitoring styles (tiles follow the theme). */
export function TokenVars({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const { token } = theme.useToken();
  const vars = {
    '--m-border': token.colorBorderSecondary,
    '--m-tile-bg': token.colorFillQuaternary,
    '--m-text': token.colorText,
    '--m-text-secondary': token.colorTextSecondary,
    '--m-text-tertiary': token.colorTextTertiary,
    '--m-text-disabled': token.colorTextDisabled,
  } as CSSProperties;
  return <div style={{ ...vars, ...style }}>{children}</div>;
}
