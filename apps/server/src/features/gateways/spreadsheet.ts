import * as SheetJS from '@e965/xlsx';
import ExcelJS from 'exceljs';

/** Spec core §5: imported header names lose their asterisks and the 必填 marker. */
export function cleanHeader(header: string): string {
  return header
    .replace(/[*＊]/g, '')
    .replace(/[（(]?\s*必填\s*[)）]?/g, '')
    .trim();
}

export interface SheetRow {
  /** The sheet's own row number (the header is row 1), so errors can point at it. */
  row: number;
  /** Header (cleaned) → cell text, trimmed. */
  values: Record<string, string>;
}

/**
 * The first worksheet of a spreadsheet as rows of header → text, headers cleaned, empty rows left
 * out. Spec core §5 promises .csv, .xls and .xlsx: an xlsx (a zip, whatever its name says) is read
 * by exceljs, a .csv by the reader below (UTF-8 with or without BOM, or GB18030 as Excel in Chinese
 * saves it), a legacy BIFF .xls (an OLE compound file) and the XML or HTML ".xls" some systems
 * export by SheetJS (decision 0043). Anything else throws. Every cell is read as the text the sheet shows, so a serial number
 * 0012 stays 0012.
 */
export async function readRows(fileName: string, data: Buffer): Promise<SheetRow[]> {
  let table: Table;
  if (isZip(data)) table = await readXlsx(data);
  else if (isCompoundFile(data) || (/\.xls$/i.test(fileName) && isMarkup(data))) table = readLegacy(data);
  else if (/\.csv$/i.test(fileName)) table = parseCsv(decodeText(data));
  else throw new Error('not a spreadsheet');
  const [header = [], ...body] = table;
  const headers = header.map((h) => cleanHeader(h ?? ''));
  const rows: SheetRow[] = [];
  body.forEach((cells, index) => {
    const values: Record<string, string> = {};
    headers.forEach((h, column) => {
      if (h) values[h] = (cells[column] ?? '').trim();
    });
    if (Object.values(values).some((v) => v !== '')) rows.push({ row: index + 2, values });
  });
  return rows;
}

const isZip = (data: Buffer) => data.length > 4 && data.readUInt32LE(0) === 0x04034b50;
const isCompoundFile = (data: Buffer) =>
  data.length > 8 &&
  data.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
const isMarkup = (data: Buffer) => /^(\uFEFF)?\s*</.test(data.subarray(0, 64).toString('utf8'));

/** Rows of cell texts, index 0 = sheet row 1, column index 0 = column A. */
type Table = string[][];

async function readXlsx(data: Buffer): Promise<Table> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const table: Table = [];
  sheet?.eachRow((row, number) => {
    const cells: string[] = [];
    row.eachCell((cell, column) => {
      cells[column - 1] = cell.text ?? '';
    });
    table[number - 1] = cells;
  });
  return Array.from(table, (cells) => cells ?? []);
}

function readLegacy(data: Buffer): Table {
  const book = SheetJS.read(data, { type: 'buffer', dense: false, cellDates: false, cellHTML: false });
  const name = book.SheetNames[0];
  const sheet = name ? book.Sheets[name] : undefined;
  if (!sheet?.['!ref']) {
    if (!name) throw new Error('no worksheet');
    return [];
  }
  const range = SheetJS.utils.decode_range(sheet['!ref']);
  const table: Table = [];
  for (let r = 0; r <= range.e.r; r++) {
    const cells: string[] = [];
    for (let c = 0; c <= range.e.c; c++) {
      const cell = sheet[SheetJS.utils.encode_cell({ r, c })] as SheetJS.CellObject | undefined;
      cells.push(cell ? (cell.w ?? (cell.v === undefined ? '' : String(cell.v))) : '');
    }
    table.push(cells);
  }
  return table;
}

/** UTF-8 when the bytes are valid UTF-8 (BOM dropped), else GB18030 (Excel's CSV on a Chinese system). */
export function decodeText(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return new TextDecoder('gb18030').decode(data);
  }
}

/** RFC 4180: commas, double-quoted fields with "" for a quote, CRLF or LF line ends. */
export function parseCsv(text: string): Table {
  const table: Table = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      table.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    table.push(row);
  }
  return table;
}
