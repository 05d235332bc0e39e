import { z } from 'zod';
import { pageQuery } from '../common/envelope.js';
import { integerBetween, requiredText } from '../common/validation.js';

/**
 * 排班管理 (docs/decisions/0053-duty-scheduling.md): shifts of the day, rotations of people over
 * dates, swaps and overrides, the month calendar and who is on duty now. Dates are China dates
 * (YYYY-MM-DD, UTC+8), times of day HH:mm; a shift whose end is not after its start runs past
 * midnight into the next day and belongs to the day it starts.
 */

export const DUTY_MENU = 'router-dutySchedule';

export const DutyMessages = {
  SHIFT_NOT_FOUND: '班次不存在',
  SHIFT_NAME_TAKEN: '班次名称已存在',
  SHIFT_REQUIRED: '请选择班次',
  shiftInUse: (rotations: number) => `该班次正被 ${rotations} 条轮班规则使用，不能删除`,
  ROTATION_NOT_FOUND: '轮班规则不存在',
  CHANGE_NOT_FOUND: '调班记录不存在',
  USER_NOT_MEMBER: '值班人员必须是本项目的成员',
  USERS_REQUIRED: '请选择轮班人员',
  USER_REQUIRED: '请选择值班人员',
  USERS_REPEATED: '轮班人员不能重复',
  TIME_FORMAT: '时间格式应为 HH:mm',
  DATE_FORMAT: '日期格式应为 YYYY-MM-DD',
  MONTH_FORMAT: '月份格式应为 YYYY-MM',
  END_BEFORE_START: '结束日期不能早于开始日期',
  WEEKDAYS_REQUIRED: '请选择值班的星期',
  PERIOD_INVALID: '轮换方式只能是按天或按周',
  SWAP_SAME_USER: '调班的两人不能是同一人',
  SWAP_BACK_INCOMPLETE: '换回的日期和班次须同时填写',
  notOnDuty: (name: string, date: string, shift: string) => `${name}在${date}「${shift}」不值班，不能调班`,
} as const;

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WeekdayNames: Record<number, string> = {
  1: '周一',
  2: '周二',
  3: '周三',
  4: '周四',
  5: '周五',
  6: '周六',
  7: '周日',
};

export const ROTATION_PERIODS = ['day', 'week'] as const;
export type RotationPeriod = (typeof ROTATION_PERIODS)[number];
export const RotationPeriodNames: Record<RotationPeriod, string> = { day: '按天轮换', week: '按周轮换' };

export const CHANGE_KINDS = ['swap', 'override'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
export const ChangeKindNames: Record<ChangeKind, string> = { swap: '调班', override: '指定值班' };

/** Where a person on a calendar slot comes from: the rotation, a swap, or an override. */
export const SLOT_SOURCES = ['rotation', 'swap', 'override'] as const;
export type SlotSource = (typeof SLOT_SOURCES)[number];

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A time of day, HH:mm (00:00–23:59). */
export const timeOfDay = z.string().trim().regex(TIME_PATTERN, DutyMessages.TIME_FORMAT);
/** A calendar date that exists, YYYY-MM-DD. */
export const dutyDate = z
  .string()
  .trim()
  .regex(DATE_PATTERN, DutyMessages.DATE_FORMAT)
  .refine((d) => new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d, DutyMessages.DATE_FORMAT);
export const dutyMonth = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, DutyMessages.MONTH_FORMAT);

/** HH:mm → minutes after midnight. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
}
/** Minutes after midnight → HH:mm. */
export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
/** A shift whose end is not after its start ends on the next day (equal: 24 hours). */
export function crossesMidnight(startTime: string, endTime: string): boolean {
  return minutesOf(endTime) <= minutesOf(startTime);
}

const personRef = z.object({ id: z.number().int(), realname: z.string() });
export type DutyPerson = z.infer<typeof personRef>;
const userId = z.number({ error: DutyMessages.USER_REQUIRED }).int().positive(DutyMessages.USER_REQUIRED);
const shiftId = z.number({ error: DutyMessages.SHIFT_REQUIRED }).int().positive(DutyMessages.SHIFT_REQUIRED);

/** A project member who may be put on duty (the editors' people picker). */
export const dutyMember = z.object({ id: z.number().int(), realname: z.string(), username: z.string() });
export type DutyMember = z.infer<typeof dutyMember>;

// Shifts (班次).

export const shiftBody = z.object({
  name: requiredText(32),
  startTime: timeOfDay,
  endTime: timeOfDay,
  color: z.string().trim().max(16).default('blue'),
  sort: integerBetween(0, 9999).default(0),
});
export type ShiftBody = z.output<typeof shiftBody>;

export const shift = z.object({
  id: z.number().int(),
  name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** Ends on the next day. */
  crossesMidnight: z.boolean(),
  color: z.string(),
  sort: z.number().int(),
  /** Rotation rules on this shift (a shift in use cannot be deleted). */
  rotationCount: z.number().int(),
  createdAt: z.number().int(),
});
export type Shift = z.infer<typeof shift>;
export const shiftOption = shift.pick({
  id: true,
  name: true,
  startTime: true,
  endTime: true,
  crossesMidnight: true,
  color: true,
});
export type ShiftOption = z.infer<typeof shiftOption>;

export const dutyListQuery = pageQuery.extend({ keyword: z.string().trim().max(64).optional() });
export const shiftNameCheckQuery = z.object({
  name: z.string().trim().min(1),
  excludeId: z.coerce.number().int().optional(),
});

// Rotations (轮班规则).

export const rotationBody = z
  .object({
    name: requiredText(32),
    shiftId,
    period: z.enum(ROTATION_PERIODS, { error: DutyMessages.PERIOD_INVALID }),
    /** In turn: the first on the start date (or its week), then the next. */
    userIds: z
      .array(z.number().int().positive())
      .min(1, DutyMessages.USERS_REQUIRED)
      .max(50, '最多50名轮班人员')
      .refine((ids) => new Set(ids).size === ids.length, DutyMessages.USERS_REPEATED),
    startDate: dutyDate,
    /** Null: open-ended. */
    endDate: dutyDate.nullable().default(null),
    /** Only on these weekdays; by day the turn passes on the days worked, so no one is skipped. */
    weekdays: z
      .array(z.number().int().min(1).max(7))
      .min(1, DutyMessages.WEEKDAYS_REQUIRED)
      .max(7)
      .default([...WEEKDAYS]),
  })
  .refine((b) => b.endDate === null || b.endDate >= b.startDate, {
    message: DutyMessages.END_BEFORE_START,
    path: ['endDate'],
  });
export type RotationBody = z.output<typeof rotationBody>;

export const rotation = z.object({
  id: z.number().int(),
  name: z.string(),
  shiftId: z.number().int(),
  shiftName: z.string(),
  period: z.enum(ROTATION_PERIODS),
  userIds: z.array(z.number().int()),
  /** The people in turn, as userIds (a person no longer in the project is left out). */
  users: z.array(personRef),
  startDate: z.string(),
  endDate: z.string().nullable(),
  weekdays: z.array(z.number().int()),
  createdAt: z.number().int(),
});
export type Rotation = z.infer<typeof rotation>;

// Swaps and overrides (调班与指定).

const note = z.string().trim().max(200, '最多输入200个字符').default('');

/**
 * 调班: on (date, shift) userId hands over to withUserId; with withDate and withShiftId the other
 * takes it back: on (withDate, withShiftId) withUserId hands over to userId.
 */
export const swapBody = z
  .object({
    kind: z.literal('swap'),
    date: dutyDate,
    shiftId,
    userId,
    withUserId: userId,
    withDate: dutyDate.nullable().default(null),
    withShiftId: shiftId.nullable().default(null),
    note,
  })
  .refine((b) => b.userId !== b.withUserId, { message: DutyMessages.SWAP_SAME_USER, path: ['withUserId'] })
  .refine((b) => (b.withDate === null) === (b.withShiftId === null), {
    message: DutyMessages.SWAP_BACK_INCOMPLETE,
    path: ['withDate'],
  });
/** 指定值班: on (date, shift) exactly the people named by overrides are on duty. */
export const overrideBody = z.object({
  kind: z.literal('override'),
  date: dutyDate,
  shiftId,
  userId,
  note,
});
export const changeBody = z.discriminatedUnion('kind', [swapBody, overrideBody]);
export type ChangeBody = z.output<typeof changeBody>;

export const change = z.object({
  id: z.number().int(),
  kind: z.enum(CHANGE_KINDS),
  date: z.string(),
  shiftId: z.number().int(),
  shiftName: z.string(),
  user: personRef,
  /** Swaps: who takes over. */
  withUser: personRef.nullable(),
  withDate: z.string().nullable(),
  withShiftId: z.number().int().nullable(),
  withShiftName: z.string().nullable(),
  note: z.string(),
  createdBy: personRef.nullable(),
  createdAt: z.number().int(),
});
export type DutyChange = z.infer<typeof change>;

export const changeListQuery = dutyListQuery.extend({
  kind: z.enum(CHANGE_KINDS).optional(),
  /** Changes touching dates from this one on. */
  fromDate: dutyDate.optional(),
});

// Calendar and who is on duty.

export const calendarQuery = z.object({ month: dutyMonth });

export const slotPerson = personRef.extend({ source: z.enum(SLOT_SOURCES) });
export type SlotPerson = z.infer<typeof slotPerson>;

export const calendarDay = z.object({
  date: z.string(),
  weekday: z.number().int(),
  slots: z.array(z.object({ shiftId: z.number().int(), people: z.array(slotPerson) })),
});
export type CalendarDay = z.infer<typeof calendarDay>;

export const dutyCalendar = z.object({
  month: z.string(),
  shifts: z.array(shiftOption),
  days: z.array(calendarDay),
});
export type DutyCalendar = z.infer<typeof dutyCalendar>;

export const onDutyQuery = z.object({
  /** Epoch ms; now when left out. */
  at: z.coerce.number().int().nonnegative().optional(),
});

export const onDutyPerson = slotPerson.extend({
  mobile: z.string().nullable(),
  shiftId: z.number().int(),
  shiftName: z.string(),
  /** The day the shift belongs to (the day it starts). */
  date: z.string(),
  startAt: z.number().int(),
  endAt: z.number().int(),
});
export type OnDutyPerson = z.infer<typeof onDutyPerson>;

export const onDuty = z.object({ at: z.number().int(), people: z.array(onDutyPerson) });
export type OnDuty = z.infer<typeof onDuty>;
