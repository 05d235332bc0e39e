import type { SourceRow } from './convertPoints';

/** The first sheet of an .xlsx as its header row and its rows of text (exceljs, loaded on demand). */
export async function readSheet(file: Blob): Promise<{ headers: string[]; rows: SourceRow[] }> {
  const { Workbook } = (await import('exceljs')).default;
  const workbook = new Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) return { headers: [], rows: [] };
  const headers: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, column) => {
    headers[column - 1] = cell.text.trim() || `第${column}列`;
  });
  const rows: SourceRow[] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    if (number === 1) return;
    const values: SourceRow = {};
    headers.forEach((header, index) => {
      values[header] = row.getCell(index + 1).text ?? '';
    });
    rows[number - 2] = values;
  });
  // Rows exceljs skipped entirely stay empty, so problems keep the sheet's row numbers.
  for (let i = 0; i < rows.length; i++) rows[i] ??= {};
  return { headers, rows };
}
