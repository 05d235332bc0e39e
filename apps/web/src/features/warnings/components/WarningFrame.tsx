import type { Warning } from '@iot/contracts/warnings';
import { Tag } from 'antd';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { LEVEL_COLORS } from './WarningTags';
import './warningMarks.css';

const LEVEL_NAMES: Record<number, string> = { 1: '一级', 2: '二级', 3: '三级' };

/** A level's short name on a mark, e.g. 二级预警. */
export const markText = (w: Warning) => `${LEVEL_NAMES[w.level] ?? `${w.level}级`}预警`;

const colorVar = (w: Warning | undefined) =>
  (w ? { '--warn-color': LEVEL_COLORS[w.level] ?? LEVEL_COLORS[2] } : {}) as CSSProperties;

/**
 * A live card that opens its curve (click, Enter or Space) and, while its indicator has an open
 * warning, turns to the warning's level colour with a 二级预警 badge.
 */
export function WarningFrame({
  warning,
  label,
  onOpen,
  children,
}: {
  warning: Warning | undefined;
  /** What the card shows, for the button's name: 曲线 of it opens. */
  label: string;
  onOpen: () => void;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card holding blocks; a <button> may only hold phrasing content
    <div
      role="button"
      tabIndex={0}
      aria-label={`${label} 曲线`}
      className={`warning-frame${warning ? ' is-warning' : ''}`}
      data-warning-level={warning?.level ?? ''}
      title={warning ? `${markText(warning)}：${warning.threshold}，点击查看曲线` : '点击查看曲线'}
      style={colorVar(warning)}
      onClick={onOpen}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        onOpen();
      }}
    >
      {children}
      {warning && <span className="warning-frame-badge">{markText(warning)}</span>}
    </div>
  );
}

/** A small 二级预警 tag in the level's colour, beside an indicator's or gateway's name. */
export function WarningMarkTag({ warning }: { warning: Warning }) {
  return (
    <Tag color={LEVEL_COLORS[warning.level]} style={{ marginInlineStart: 8 }}>
      {markText(warning)}
    </Tag>
  );
}

/** A table row of 实时数据: opens its curve on click; tinted in the level colour while warned. */
export function warningRowProps(
  warning: Warning | undefined,
  onOpen: () => void,
): HTMLAttributes<HTMLElement> & { 'data-warning-level': string } {
  return {
    className: warning ? 'curve-row warning-row' : 'curve-row',
    style: colorVar(warning),
    onClick: onOpen,
    title: '点击查看曲线',
    'data-warning-level': String(warning?.level ?? ''),
  };
}
