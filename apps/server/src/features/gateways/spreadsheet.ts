import ExcelJS from 'exceljs';

/** Spec core §5: imported header names lose their asterisks and the 必填 marker. */
export function cleanHeader(header: string): string {
  return header
    .replace(/[*＊]/g, '')
    .replace(/[（(]?\s*必填\s*[)）]?/g, '')
    .trim();
}

/**
 * The first worksheet of an xlsx file as rows of header → text, headers cleaned. Row numbers are
 * the sheet's own (the header is row 1), so errors can point at them.
 */
export async function readRows(data: Buffer): Promise<{ row: number; values: Record<string, string> }[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const headers: string[] = [];
  sheet.getRow(1).eachCell((cell, column) => {
    headers[column] = cleanHeader(cell.text ?? '');
  });
  const rows: { row: number; values: Record<string, string> }[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values: Record<string, string> = {};
    row.eachCell((cell, column) => {
      const header = headers[column];
      if (header) values[header] = (cell.text ?? '').trim();
    });
    if (Object.values(values).some((v) => v !== '')) rows.push({ row: number, values });
  });
  return rows;
}
