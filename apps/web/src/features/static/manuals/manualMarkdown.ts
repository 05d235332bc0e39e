/**
 * The Markdown the manuals are written in (docs in the repository, rendered at run time): headings
 * #–###, paragraphs, - and 1. lists, fenced code, pipe tables; inline `code`, **bold** and
 * [links](url). Parsed into blocks, rendered as React elements (never as HTML).
 */
export type ManualBlock =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string; id: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'code'; text: string }
  | { kind: 'table'; head: string[]; rows: string[][] };

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'bold'; text: string }
  | { kind: 'link'; text: string; href: string };

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

/** Splits a manual into blocks; heading ids are section-1, section-2, … in order. */
export function parseManual(source: string): ManualBlock[] {
  const blocks: ManualBlock[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let headings = 0;
  let i = 0;
  const list = /^\s*(-|\d+\.)\s+/;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    if (line.startsWith('```')) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.startsWith('```')) code.push(lines[i++]!);
      i++;
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      headings++;
      blocks.push({
        kind: 'heading',
        level: heading[1]!.length as 1 | 2 | 3,
        text: heading[2]!.trim(),
        id: `section-${headings}`,
      });
      i++;
      continue;
    }
    if (line.trim().startsWith('|')) {
      const rows: string[][] = [];
      while (i < lines.length && lines[i]!.trim().startsWith('|')) rows.push(cells(lines[i++]!));
      const [head = [], maybeRule, ...rest] = rows;
      const body = maybeRule?.every((c) => /^:?-{3,}:?$/.test(c)) ? rest : rows.slice(1);
      blocks.push({ kind: 'table', head, rows: body });
      continue;
    }
    if (list.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items: string[] = [];
      const sameKind = (l: string) => list.test(l) && /^\s*\d+\./.test(l) === ordered;
      while (i < lines.length && sameKind(lines[i]!)) items.push(lines[i++]!.replace(list, ''));
      blocks.push({ kind: 'list', ordered, items });
      continue;
    }
    const text: string[] = [];
    while (
      i < lines.length &&
      lines[i]!.trim() !== '' &&
      !/^(#{1,3}\s|```|\s*\|)/.test(lines[i]!) &&
      !list.test(lines[i]!)
    )
      text.push(lines[i++]!.trim());
    blocks.push({ kind: 'paragraph', text: text.join('') });
  }
  return blocks;
}

/** Inline pieces of a line: `code`, **bold**, [text](href), and plain text between them. */
export function parseInline(text: string): Inline[] {
  const pieces: Inline[] = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) pieces.push({ kind: 'text', text: text.slice(last, match.index) });
    if (match[1] !== undefined) pieces.push({ kind: 'code', text: match[1] });
    else if (match[2] !== undefined) pieces.push({ kind: 'bold', text: match[2] });
    else pieces.push({ kind: 'link', text: match[3]!, href: match[4]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}

/** Links the manuals may carry: paths of this site and http(s) addresses (never javascript:). */
export function safeHref(href: string): string | undefined {
  return /^(\/(?!\/)|#|https?:\/\/)/.test(href) ? href : undefined;
}
