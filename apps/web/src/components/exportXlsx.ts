import type { Page } from '@iot/contracts';

/** Spec core §9: exports read lists in pages of at most 1000. */
export const EXPORT_PAGE_SIZE = 1000;

export interface XlsxColumn {
  header: string;
  key: string;
  width?: number;
}

/**
 * A spreadsheet produced in the browser (spec core §7; default file name 'list'), handed to the
 * user as a download. exceljs is loaded only now, so screens do not carry it until asked.
 */
export async function exportXlsx(
  columns: XlsxColumn[],
  rows: Record<string, string | number | null>[],
  fileName = 'list',
  sheetName = 'Sheet1',
): Promise<void> {
  const { Workbook } = (await import('exceljs')).default;
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(rows);
  const buffer = await workbook.xlsx.writeBuffer();
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
