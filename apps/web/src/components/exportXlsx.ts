import { EXPORT_PAGE_SIZE, type Page } from '@iot/contracts';
import dayjs from 'dayjs';

/** Spec core §7: the file name of an export that has nothing better to be called. */
export const DEFAULT_EXPORT_NAME = 'list';

/** Excel's number format for a date cell with seconds. */
export const EXCEL_DATE_TIME = 'yyyy-mm-dd hh:mm:ss';

export interface XlsxColumn {
  header: string;
  key: string;
  width?: number;
  /** Excel number format of the column's cells, e.g. EXCEL_DATE_TIME or '0.00'. */
  numFmt?: string;
}

export type XlsxCell = string | number | Date | null;

/** Characters no file system takes in a name (control characters are dropped separately). */
const UNSAFE = /[\\/:*?"<>|]+/g;

/** Drops control characters (below U+0020). */
const printable = (text: string) => [...text].filter((c) => c >= ' ').join('');

/**
 * What an export is called: its content and the day it was made (网关列表-2026-11-24), or 'list'
 * when it has no content name (spec core §7's default).
 */
export function exportFileName(content?: string, at: number | Date = Date.now()): string {
  const name = printable(content ?? '')
    .replace(UNSAFE, ' ')
    .trim();
  return name ? `${name}-${dayjs(at).format('YYYY-MM-DD')}` : DEFAULT_EXPORT_NAME;
}

/**
 * A time as an Excel date cell showing the browser's wall-clock time: Excel dates carry no zone
 * and exceljs writes a Date's UTC fields, so the local offset is added first.
 */
export function excelDate(ts: number): Date {
  return new Date(ts + dayjs(ts).utcOffset() * 60_000);
}

/** Hands a workbook's bytes to the user as `<fileName>.xlsx`. */
export function saveXlsx(buffer: BlobPart, fileName: string): void {
  const url = URL.createObjectURL(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName}.xlsx`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A spreadsheet produced in the browser (spec core §7), handed to the user as a download; name it
 * with exportFileName. exceljs is loaded only now, so screens do not carry it until asked.
 */
export async function exportXlsx(
  columns: XlsxColumn[],
  rows: Record<string, XlsxCell>[],
  fileName = DEFAULT_EXPORT_NAME,
  sheetName = 'Sheet1',
): Promise<void> {
  const { Workbook } = (await import('exceljs')).default;
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width ?? 16,
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.addRows(rows);
  saveXlsx(await workbook.xlsx.writeBuffer(), fileName);
}

/** Every row of a server-paged list, read EXPORT_PAGE_SIZE at a time until a short page or the total. */
export async function fetchAllPages<T>(
  fetchPage: (page: number, size: number) => Promise<Page<T>>,
): Promise<T[]> {
  const all: T[] = [];
  for (let page = 0; ; page += 1) {
    const answer = await fetchPage(page, EXPORT_PAGE_SIZE);
    all.push(...answer.list);
    if (answer.list.length < EXPORT_PAGE_SIZE || all.length >= answer.total) return all;
  }
}
