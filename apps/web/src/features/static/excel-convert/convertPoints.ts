import {
  type THING_MODEL_TYPES,
  type ThingModelProperty,
  thingModelProperty,
} from '@iot/contracts/indicators';

/**
 * /excelConvert: another system's point list (one row per point) into our indicator import — the
 * thing model JSON that 指标配置 → 接入配置 → 网关指标 → 导入物模型 takes (contracts/indicators).
 */
export const TARGET_FIELDS = [
  { key: 'name', label: '指标名称', required: true },
  { key: 'identifier', label: '数据标识', required: true },
  { key: 'type', label: '数据类型', required: false },
  { key: 'unit', label: '单位', required: false },
  { key: 'accessMode', label: '读写类型', required: false },
  { key: 'step', label: '精度（步长或小数位数）', required: false },
  { key: 'min', label: '最小值', required: false },
  { key: 'max', label: '最大值', required: false },
  { key: 'desc', label: '描述', required: false },
] as const;
export type TargetField = (typeof TARGET_FIELDS)[number]['key'];
/** Which source column (its header) feeds each of our fields; absent: not converted. */
export type ColumnMapping = Partial<Record<TargetField, string>>;

/** Header words other systems use for each field (KingView, Kepware, Siemens and vendor sheets). */
const SYNONYMS: Record<TargetField, RegExp> = {
  name: /^(指标名称|点位名称|点名|名称|变量名称|变量描述|name|tag ?name|description)$/i,
  identifier:
    /^(数据标识|标识符?|标识|点位编码|点号|变量名|变量|键|identifier|key|tag|address ?name|tag ?id)$/i,
  type: /^(数据类型|类型|type|data ?type)$/i,
  unit: /^(单位|工程单位|unit|units|eng ?units)$/i,
  accessMode: /^(读写|读写类型|读写属性|访问|access|access ?mode|r\/w|rw)$/i,
  step: /^(精度|小数位数?|步长|step|decimals?|precision)$/i,
  min: /^(最小值|下限|量程下限|min|minimum|low)$/i,
  max: /^(最大值|上限|量程上限|max|maximum|high)$/i,
  desc: /^(描述|备注|说明|desc|remark|comment)$/i,
};

/** A first guess of the mapping from the sheet's headers; each header used at most once. */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const used = new Set<string>();
  for (const { key } of TARGET_FIELDS) {
    const header = headers.find((h) => !used.has(h) && SYNONYMS[key].test(h.trim()));
    if (header !== undefined) {
      mapping[key] = header;
      used.add(header);
    }
  }
  return mapping;
}

/** Another system's type word → ours (float when nothing says otherwise). */
export function typeOf(text: string): (typeof THING_MODEL_TYPES)[number] {
  const t = text.trim().toLowerCase();
  if (/^(bool|boolean|bit|开关量?|布尔|数字量|di|do|coil)$/.test(t)) return 'bool';
  if (/^(double|float64|lreal|双精度)$/.test(t)) return 'double';
  if (/^(u?int(8|16|32|64)?|short|long|word|dword|integer|整数|整型)$/.test(t)) return 'int';
  if (/^(text|string|str|字符串?|文本)$/.test(t)) return 'text';
  if (/^(enum|枚举)$/.test(t)) return 'enum';
  return 'float';
}

/** Read-only unless the sheet says it may be written. */
export function accessOf(text: string): 'r' | 'w' | 'rw' {
  const t = text.trim().toLowerCase();
  if (/^(rw|r\/w|读写|可读写|read ?write|读\/写)$/.test(t)) return 'rw';
  if (/^(w|wo|只写|write|写)$/.test(t)) return 'w';
  return 'r';
}

/** 精度: a step (0.01) as is; a count of decimals (2) becomes its step (0.01). */
export function stepOf(text: string): string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  if (/^\d$/.test(t)) return t === '0' ? '1' : (10 ** -Number(t)).toFixed(Number(t));
  return /^\d*\.\d+$/.test(t) ? t : undefined;
}

/** A source value as text (numbers, dates and rich text cells flattened by the reader). */
export type SourceRow = Record<string, string>;

export interface Conversion {
  properties: ThingModelProperty[];
  /** Rows left out, 1-based as the sheet shows them (the header is row 1), with why. */
  problems: { row: number; message: string }[];
}

/** Converts the rows; a row whose result our import would refuse is left out with the reason. */
export function convert(rows: readonly SourceRow[], mapping: ColumnMapping): Conversion {
  const properties: ThingModelProperty[] = [];
  const problems: Conversion['problems'] = [];
  const seen = new Set<string>();
  const value = (row: SourceRow, field: TargetField) => {
    const header = mapping[field];
    return header === undefined ? '' : (row[header] ?? '').trim();
  };
  rows.forEach((row, index) => {
    const line = index + 2;
    if (Object.values(row).every((v) => v.trim() === '')) return;
    const specs: Record<string, string> = {};
    const unit = value(row, 'unit');
    const step = stepOf(value(row, 'step'));
    if (unit) specs.unit = unit;
    if (step) specs.step = step;
    if (value(row, 'min')) specs.min = value(row, 'min');
    if (value(row, 'max')) specs.max = value(row, 'max');
    const candidate = {
      name: value(row, 'name'),
      identifier: value(row, 'identifier'),
      ...(value(row, 'desc') ? { desc: value(row, 'desc') } : {}),
      accessMode: accessOf(value(row, 'accessMode')),
      dataType: { type: typeOf(value(row, 'type')), specs },
    };
    const parsed = thingModelProperty.safeParse(candidate);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = TARGET_FIELDS.find((f) => f.key === issue.path[0])?.label ?? String(issue.path.join('.'));
      problems.push({ row: line, message: `${field}：${issue.message}` });
      return;
    }
    if (seen.has(parsed.data.identifier)) {
      problems.push({ row: line, message: `数据标识 ${parsed.data.identifier} 重复` });
      return;
    }
    seen.add(parsed.data.identifier);
    properties.push(parsed.data);
  });
  return { properties, problems };
}
