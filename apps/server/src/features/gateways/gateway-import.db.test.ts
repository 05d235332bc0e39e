import * as SheetJS from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { startServer, type TestServer } from '../../test/server.js';
import type { ImportReport } from './gateway-import.service.js';
import { cleanHeader, parseCsv } from './spreadsheet.js';

let t: TestServer;
let token: string;
let projectId: number;

beforeAll(async () => {
  t = await startServer();
  projectId = t.server.seeded.demoProjectId!;
  token = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
});
afterAll(() => t.close());

/** A real xlsx file, headers marked as a template would mark them. */
async function workbook(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('网关');
  sheet.addRow(['*序列号', '别名(必填)', '网关类型', '型号', 'ICCID']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(data: Buffer, rule: string, fileName = 'gateways.xlsx') {
  const response = await fetch(
    `${t.baseUrl}/iot/groups/${projectId}/gateways/import?fileName=${encodeURIComponent(fileName)}&rule=${rule}`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
      body: data,
    },
  );
  return (await response.json()) as { code: number; message: string; data: ImportReport };
}

async function aliasOf(serialNumber: string): Promise<string | undefined> {
  const answer = await t.request<{ list: { serialNumber: string; alias: string }[] }>(
    'GET',
    `/iot/groups/${projectId}/gateways?keyword=${serialNumber}`,
    { token },
  );
  return answer.body.data.list.find((g) => g.serialNumber === serialNumber)?.alias;
}

describe('gateway import from xlsx', () => {
  it('cleans header names of * and 必填', () => {
    expect(cleanHeader('*序列号')).toBe('序列号');
    expect(cleanHeader('别名(必填)')).toBe('别名');
    expect(cleanHeader('别名（必填）*')).toBe('别名');
  });

  it('creates gateways with their one-time secrets and reports bad rows by row number', async () => {
    const answer = await upload(
      await workbook([
        ['IMP0001', '1号泵站', '智能网关', 'DTU透传Modbus', '89860000000000000001'],
        ['IMP0002', '2号泵站', '', '', ''],
        ['x', '坏行', '', '', ''],
      ]),
      'skip',
    );
    expect(answer.code).toBe(20000);
    expect(answer.data).toMatchObject({ created: 2, updated: 0, skipped: 0 });
    expect(answer.data.errors).toHaveLength(1);
    expect(answer.data.errors[0]!.row).toBe(4);
    expect(answer.data.credentials.map((c) => c.serialNumber)).toEqual(['IMP0001', 'IMP0002']);
    expect(answer.data.credentials[0]!.secret.length).toBeGreaterThanOrEqual(32);
  });

  it('skips or overwrites duplicates by the rule', async () => {
    const skip = await upload(await workbook([['IMP0001', '改名', '', '', '']]), 'skip');
    expect(skip.data).toMatchObject({ created: 0, skipped: 1 });
    expect(await aliasOf('IMP0001')).toBe('1号泵站');
    const overwrite = await upload(await workbook([['IMP0001', '改名', '', '', '']]), 'overwrite');
    expect(overwrite.data).toMatchObject({ updated: 1 });
    expect(await aliasOf('IMP0001')).toBe('改名');
  });

  it('deletes the project’s own gateways first with replace', async () => {
    const answer = await upload(await workbook([['IMP0003', '3号泵站', '', '', '']]), 'replace');
    expect(answer.data.deleted).toBeGreaterThanOrEqual(2);
    expect(await aliasOf('IMP0001')).toBeUndefined();
    expect(await aliasOf('IMP0003')).toBe('3号泵站');
  });

  it('reads a legacy .xls (BIFF8) file, cells as the sheet shows them', async () => {
    const book = SheetJS.utils.book_new();
    const sheet = SheetJS.utils.aoa_to_sheet([
      ['*序列号', '别名（必填）', '网关类型', '型号', 'ICCID'],
      ['XLS0001', '旧格式泵站', '智能网关', '', '89860000000000000009'],
      [],
      ['XLS0002', '', '', '', ''],
    ]);
    SheetJS.utils.book_append_sheet(book, sheet, '网关');
    const data = Buffer.from(SheetJS.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer);
    expect(data.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const answer = await upload(data, 'skip', 'gateways.xls');
    expect(answer.code).toBe(20000);
    expect(answer.data).toMatchObject({ created: 1 });
    expect(answer.data.errors.map((e) => e.row)).toEqual([4]);
    expect(await aliasOf('XLS0001')).toBe('旧格式泵站');
  });

  it('reads .csv in UTF-8 (with BOM) and in GB18030, quoted fields included', async () => {
    const text = '*序列号,别名(必填),ICCID\r\nCSV0001,"泵站,一号",\r\n"CSV0002","说""二""号",\r\n';
    const utf8 = await upload(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
      'skip',
      'a.csv',
    );
    expect(utf8.data).toMatchObject({ created: 2, errors: [] });
    expect(await aliasOf('CSV0001')).toBe('泵站,一号');
    expect(await aliasOf('CSV0002')).toBe('说"二"号');
    // GB18030 bytes of 序列号/别名 and 三号泵站, as Excel on a Chinese system saves a CSV.
    const gb = Buffer.concat([
      Buffer.from('d0f2c1d0bac52cb1f0c3fb0d0a', 'hex'),
      Buffer.from('CSV0003,'),
      Buffer.from('c8fdbac5b1c3d5be0d0a', 'hex'),
    ]);
    const answer = await upload(gb, 'skip', 'b.csv');
    expect(answer.data).toMatchObject({ created: 1, errors: [] });
    expect(await aliasOf('CSV0003')).toBe('三号泵站');
    expect(parseCsv('a,b\n"x\ny",2')).toEqual([
      ['a', 'b'],
      ['x\ny', '2'],
    ]);
  });

  it('refuses a file whose content is not what its name says', async () => {
    const answer = await upload(Buffer.from('序列号,别名'), 'skip', 'fake.xls');
    expect(answer).toMatchObject({
      code: 40000,
      message: '无法读取表格，请确认文件是 .csv、.xls 或 .xlsx 格式且未损坏',
    });
  });

  it('accepts only spreadsheet files, with the spec’s message', async () => {
    const answer = await upload(Buffer.from('not a sheet'), 'skip', 'gateways.txt');
    expect(answer).toMatchObject({
      code: 40000,
      message: '上传的文件格式不正确,请选择.csv,.xls,.xlsx类型的文件',
    });
  });

  it('needs the create bit on the gateways screen', async () => {
    const operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
    const response = await fetch(`${t.baseUrl}/iot/groups/${projectId}/gateways/import?fileName=a.xlsx`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${operator}`,
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
      body: await workbook([]),
    });
    expect(response.status).toBe(403);
  });
});
