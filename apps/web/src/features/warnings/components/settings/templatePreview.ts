import dayjs from 'dayjs';

/** Values a preview fills in, as a warning on a water-quality gateway would carry them. */
export function sampleValues(projectName: string, now = Date.now()): Record<string, string> {
  return {
    projectName,
    gatewayAlias: '1号出水口',
    indicatorName: '化学需氧量',
    value: '62.5',
    threshold: '> 50',
    level: '二级（重要）',
    ruleName: '出水COD超标',
    kind: '高于上限',
    time: dayjs(now).format('YYYY-MM-DD HH:mm:ss'),
    equipmentName: '1号提升泵',
    detail: '电机过热停机',
  };
}

/** Fills `{name}` placeholders as the server does: known names replaced, unknown ones left as written. */
export function fillTemplate(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Inserts `{name}` into `text` over the selection [start, end); answers the text and where the caret goes. */
export function insertPlaceholder(text: string, name: string, start: number, end: number) {
  const token = `{${name}}`;
  return { text: text.slice(0, start) + token + text.slice(end), caret: start + token.length };
}
