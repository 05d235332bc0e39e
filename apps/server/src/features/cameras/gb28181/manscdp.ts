/**
 * MANSCDP bodies (GB/T 28181-2016 Annex A): the small XML documents of MESSAGE requests
 * (`Application/MANSCDP+xml`) — Query, Control, Notify, Response. Devices usually declare
 * encoding GB2312 (names in Chinese); we read that as GB18030 (a superset) and write ASCII-only
 * documents declared GB2312. The reader is small on purpose: elements, attributes, text and the
 * five entities; no DTDs, no namespaces (MANSCDP uses none) — anything else is refused.
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export class XmlParseError extends Error {}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|lt|gt|amp|quot|apos);/g, (_m, entity: string) => {
    if (!entity.startsWith('#')) return ENTITIES[entity] ?? '';
    const code = entity.startsWith('#x') ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
    if (code > 0x10ffff) throw new XmlParseError('bad character reference');
    return String.fromCodePoint(code);
  });
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&${Object.entries(ENTITIES).find(([, v]) => v === c)?.[0]};`);
}

/** The body's text in the charset its declaration names (GB2312/GBK as GB18030; else UTF-8). */
export function decodeBody(body: Buffer): string {
  const declaration = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(
    body.subarray(0, 200).toString('latin1'),
  );
  const charset = declaration?.[1]?.toLowerCase() ?? 'utf-8';
  if (/^(gb2312|gbk|gb18030)$/.test(charset)) return new TextDecoder('gb18030').decode(body);
  return body.toString('utf8');
}

const MAX_DEPTH = 16;

/** The document's root element. */
export function parseXml(source: string): XmlElement {
  let at = 0;
  const skipMisc = () => {
    for (;;) {
      const rest = source.slice(at);
      const space = /^\s+/.exec(rest);
      if (space) {
        at += space[0].length;
        continue;
      }
      if (rest.startsWith('<?')) {
        const end = source.indexOf('?>', at);
        if (end < 0) throw new XmlParseError('unterminated declaration');
        at = end + 2;
        continue;
      }
      if (rest.startsWith('<!--')) {
        const end = source.indexOf('-->', at);
        if (end < 0) throw new XmlParseError('unterminated comment');
        at = end + 3;
        continue;
      }
      return;
    }
  };
  const element = (depth: number): XmlElement => {
    if (depth > MAX_DEPTH) throw new XmlParseError('too deep');
    const open = /^<([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/.exec(
      source.slice(at),
    );
    if (!open) throw new XmlParseError(`element expected at ${at}`);
    at += open[0].length;
    const node: XmlElement = { name: open[1] ?? '', attributes: {}, children: [], text: '' };
    for (const attribute of (open[2] ?? '').matchAll(/([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
      node.attributes[attribute[1] ?? ''] = decodeEntities(attribute[2] ?? attribute[3] ?? '');
    if (open[3] === '/') return node;
    for (;;) {
      const next = source.indexOf('<', at);
      if (next < 0) throw new XmlParseError(`unterminated <${node.name}>`);
      node.text += decodeEntities(source.slice(at, next));
      at = next;
      if (source.startsWith('</', at)) {
        const close = /^<\/([A-Za-z_][\w.:-]*)\s*>/.exec(source.slice(at));
        if (close?.[1] !== node.name) throw new XmlParseError(`</${node.name}> expected`);
        at += close[0].length;
        node.text = node.text.trim();
        return node;
      }
      if (source.startsWith('<!--', at)) {
        const end = source.indexOf('-->', at);
        if (end < 0) throw new XmlParseError('unterminated comment');
        at = end + 3;
        continue;
      }
      if (source.startsWith('<![CDATA[', at)) {
        const end = source.indexOf(']]>', at);
        if (end < 0) throw new XmlParseError('unterminated CDATA');
        node.text += source.slice(at + 9, end);
        at = end + 3;
        continue;
      }
      node.children.push(element(depth + 1));
    }
  };
  skipMisc();
  const root = element(0);
  skipMisc();
  if (at !== source.length) throw new XmlParseError('content after the root element');
  return root;
}

/** The text of the first child named `name` (case-insensitive: devices differ), or undefined. */
export function childText(node: XmlElement | undefined, name: string): string | undefined {
  return child(node, name)?.text;
}

export function child(node: XmlElement | undefined, name: string): XmlElement | undefined {
  const lower = name.toLowerCase();
  return node?.children.find((c) => c.name.toLowerCase() === lower);
}

/** A MANSCDP document: `<Root><CmdType/><SN/><DeviceID/>…fields…</Root>`, fields in order. */
export function buildManscdp(
  root: 'Query' | 'Control' | 'Response' | 'Notify',
  fields: [string, string | number | [string, string | number][]][],
): Buffer {
  const render = (entries: [string, string | number | [string, string | number][]][]): string =>
    entries
      .map(([name, value]) =>
        Array.isArray(value)
          ? `<${name}>\r\n${render(value)}</${name}>\r\n`
          : `<${name}>${escapeXml(String(value))}</${name}>\r\n`,
      )
      .join('');
  return Buffer.from(
    `<?xml version="1.0" encoding="GB2312"?>\r\n<${root}>\r\n${render(fields)}</${root}>\r\n`,
  );
}

export const MANSCDP_CONTENT_TYPE = 'Application/MANSCDP+xml';
