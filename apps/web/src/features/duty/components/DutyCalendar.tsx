import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Permission } from '@iot/contracts';
import type { DutyCalendar as Calendar, CalendarDay, ShiftOption, SlotPerson } from '@iot/contracts/duty';
import { WeekdayNames } from '@iot/contracts/duty';
import { Button, Card, DatePicker, Empty, Grid, Space, Spin, Tag, Tooltip, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { LoadError } from '../../../components/LoadState';
import { usePermission } from '../../../platform/routes/currentRoute';
import { useDutyCalendar } from '../api';
import { shiftTimeText } from './ShiftTime';

const SOURCE_MARK: Record<SlotPerson['source'], { text: string; color: string; title: string } | null> = {
  rotation: null,
  swap: { text: '调', color: 'cyan', title: '调班' },
  override: { text: '指', color: 'volcano', title: '指定值班' },
};

function Person({ person }: { person: SlotPerson }) {
  const mark = SOURCE_MARK[person.source];
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {person.realname}
      {mark && (
        <Tooltip title={mark.title}>
          <Tag
            color={mark.color}
            bordered={false}
            style={{ marginInline: 2, paddingInline: 3, fontSize: 11, lineHeight: '16px' }}
          >
            {mark.text}
          </Tag>
        </Tooltip>
      )}
    </span>
  );
}

/** One shift of one day: the shift's tag and who is on it; a click opens 调班 for editors. */
function Slot({ shift, people, onPick }: { shift: ShiftOption; people: SlotPerson[]; onPick?: () => void }) {
  const body = (
    <div style={{ display: 'flex', gap: 4, alignItems: 'baseline', flexWrap: 'wrap', lineHeight: '20px' }}>
      <Tag color={shift.color} style={{ marginInlineEnd: 0, fontSize: 12 }}>
        {shift.name}
      </Tag>
      {people.length > 0 ? (
        people.map((p) => <Person key={p.id} person={p} />)
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      )}
    </div>
  );
  if (!onPick) return body;
  return (
    <button
      type="button"
      onClick={onPick}
      aria-label={`调整值班 ${shift.name}`}
      style={{ all: 'unset', cursor: 'pointer', display: 'block', width: '100%' }}
    >
      {body}
    </button>
  );
}

const weekdayHeader = [1, 2, 3, 4, 5, 6, 7].map((d) => WeekdayNames[d]!);

/**
 * 值班日历: a month of days, each with its shifts and who is on them (rotation, then swaps, then
 * overrides, marked 调 / 指). Seven columns on a desk; a list of days on a phone.
 */
export function DutyCalendar({
  projectId,
  month,
  onMonth,
  onPick,
}: {
  projectId: number;
  month: string;
  onMonth(month: string): void;
  onPick(slot: { date: string; shiftId: number; userId?: number }): void;
}) {
  const calendar = useDutyCalendar(projectId, month);
  // On a phone the current month opens at today; the days before stay one tap away.
  const [earlier, setEarlier] = useState(false);
  const canChange = usePermission(Permission.CREATE);
  const wide = Grid.useBreakpoint().md ?? true;
  const { token } = theme.useToken();
  const today = dayjs().format('YYYY-MM-DD');
  const shift = (data: Calendar, id: number) => data.shifts.find((s) => s.id === id)!;
  const pick = (day: CalendarDay, shiftId: number, people: SlotPerson[]) =>
    canChange
      ? () => onPick({ date: day.date, shiftId, ...(people[0] ? { userId: people[0].id } : {}) })
      : undefined;

  const navigator = (
    <Space wrap>
      <Button
        aria-label="上个月"
        icon={<LeftOutlined />}
        onClick={() => onMonth(dayjs(`${month}-01`).subtract(1, 'month').format('YYYY-MM'))}
      />
      <DatePicker
        picker="month"
        aria-label="月份"
        allowClear={false}
        value={dayjs(`${month}-01`)}
        onChange={(value) => value && onMonth(value.format('YYYY-MM'))}
        style={{ width: 130 }}
      />
      <Button
        aria-label="下个月"
        icon={<RightOutlined />}
        onClick={() => onMonth(dayjs(`${month}-01`).add(1, 'month').format('YYYY-MM'))}
      />
      <Button onClick={() => onMonth(dayjs().format('YYYY-MM'))}>本月</Button>
    </Space>
  );

  let body: ReactNode;
  if (calendar.isLoading) body = <Spin style={{ display: 'block', padding: 48 }} />;
  else if (calendar.isError)
    body = <LoadError what="值班日历" error={calendar.error} onRetry={calendar.refetch} compact />;
  else if (!calendar.data || calendar.data.shifts.length === 0)
    body = <Empty description="还没有班次：先在“班次”中新建白班、夜班等，再在“轮班规则”中安排人员" />;
  else {
    const data = calendar.data;
    const cell = (day: CalendarDay): CSSProperties => ({
      border: `1px solid ${token.colorBorderSecondary}`,
      borderRadius: token.borderRadiusSM,
      padding: 6,
      minHeight: 96,
      background: day.date === today ? token.colorPrimaryBg : token.colorBgContainer,
      display: 'flex',
      flexDirection: 'column',
      gap: 4,
      minWidth: 0,
    });
    const dayTitle = (day: CalendarDay) => (
      <Typography.Text strong={day.date === today} type={day.weekday >= 6 ? 'danger' : undefined}>
        {wide ? Number(day.date.slice(8)) : `${day.date.slice(5)} ${WeekdayNames[day.weekday]}`}
        {day.date === today && (
          <Tag color="processing" style={{ marginInlineStart: 6 }}>
            今天
          </Tag>
        )}
      </Typography.Text>
    );
    const slots = (day: CalendarDay) =>
      day.slots.map((s) => (
        <Slot
          key={s.shiftId}
          shift={shift(data, s.shiftId)}
          people={s.people}
          onPick={pick(day, s.shiftId, s.people)}
        />
      ));
    body = wide ? (
      <div
        data-testid="duty-calendar"
        style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 4 }}
      >
        {weekdayHeader.map((name) => (
          <div key={name} style={{ textAlign: 'center', padding: 4, color: token.colorTextSecondary }}>
            {name}
          </div>
        ))}
        {data.days.map((day) => (
          <div
            key={day.date}
            data-date={day.date}
            // The first day starts under its weekday; the rest follow.
            style={{ ...cell(day), ...(day.date.endsWith('-01') ? { gridColumnStart: day.weekday } : {}) }}
          >
            {dayTitle(day)}
            {slots(day)}
          </div>
        ))}
      </div>
    ) : (
      <div data-testid="duty-calendar" style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
        {!earlier && data.days[0]!.date < today && data.days.some((d) => d.date === today) && (
          <Button
            type="link"
            onClick={() => setEarlier(true)}
            style={{ alignSelf: 'flex-start', padding: 0 }}
          >
            显示本月更早的日期
          </Button>
        )}
        {data.days
          .filter((day) => earlier || !data.days.some((d) => d.date === today) || day.date >= today)
          .map((day) => (
            <div key={day.date} data-date={day.date} style={{ ...cell(day), minHeight: 0 }}>
              {dayTitle(day)}
              {slots(day)}
            </div>
          ))}
      </div>
    );
  }

  return (
    <Card
      title="值班日历"
      extra={wide ? navigator : undefined}
      styles={{ body: { padding: wide ? 16 : 10 } }}
    >
      {!wide && <div style={{ marginBottom: 10 }}>{navigator}</div>}
      {calendar.data && calendar.data.shifts.length > 0 && (
        <Space wrap size={[12, 4]} style={{ marginBottom: 10 }}>
          {calendar.data.shifts.map((s) => (
            <span key={s.id}>
              <Tag color={s.color}>{s.name}</Tag>
              <Typography.Text type="secondary">{shiftTimeText(s)}</Typography.Text>
            </span>
          ))}
          <Typography.Text type="secondary">
            <Tag color="cyan" bordered={false}>
              调
            </Tag>
            调班
            <Tag color="volcano" bordered={false} style={{ marginInlineStart: 8 }}>
              指
            </Tag>
            指定值班
            {canChange && '；点击班次可调班或指定值班'}
          </Typography.Text>
        </Space>
      )}
      {body}
    </Card>
  );
}
