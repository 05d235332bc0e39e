import { Fragment, type ReactNode } from 'react';

/**
 * The little Markdown an answer uses, rendered as React elements (never as HTML): paragraphs and
 * line breaks, headings (#), bulleted and numbered lists, **bold**, `code` and fenced code blocks.
 * Anything else shows as the text it is.
 */
export function Markdown({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.startsWith('```')) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.startsWith('```')) code.push(lines[i++]!);
      i++;
      blocks.push(
        <pre key={blocks.length} className="assistant-code">
          {code.join('\n')}
        </pre>,
      );
      continue;
    }
    const heading = line.match(/^#{1,6}\s+(.*)$/);
    if (heading) {
      blocks.push(
        <p key={blocks.length} className="assistant-heading">
          {inline(heading[1]!)}
        </p>,
      );
      i++;
      continue;
    }
    const bullet = /^\s*(?:[-*•]|\d+[.)])\s+/;
    if (bullet.test(line)) {
      const ordered = /^\s*\d+[.)]/.test(line);
      const items: string[] = [];
      while (i < lines.length && bullet.test(lines[i]!)) items.push(lines[i++]!.replace(bullet, ''));
      const List = ordered ? 'ol' : 'ul';
      blocks.push(
        <List key={blocks.length}>
          {items.map((item, n) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the items of a finished block never move
            <li key={n}>{inline(item)}</li>
          ))}
        </List>,
      );
      continue;
    }
    if (!line.trim()) {
      i++;
      continue;
    }
    const paragraph: string[] = [];
    while (
      i < lines.length &&
      lines[i]!.trim() &&
      !lines[i]!.startsWith('```') &&
      !bullet.test(lines[i]!) &&
      !/^#{1,6}\s/.test(lines[i]!)
    )
      paragraph.push(lines[i++]!);
    blocks.push(
      <p key={blocks.length}>
        {paragraph.map((text, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of one paragraph, in order
          <Fragment key={n}>
            {n > 0 && <br />}
            {inline(text)}
          </Fragment>
        ))}
      </p>,
    );
  }
  return <div className="assistant-markdown">{blocks}</div>;
}

/** **bold** and `code` inside a line. */
function inline(text: string): ReactNode[] {
  const parts = text.split(/(\*\*[^*]+\*\*|`[^`]+`)/g);
  return parts.map((part, n) => {
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4)
      // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one line, in order
      return <strong key={n}>{part.slice(2, -2)}</strong>;
    if (part.startsWith('`') && part.endsWith('`') && part.length > 2)
      // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one line, in order
      return <code key={n}>{part.slice(1, -1)}</code>;
    return part;
  });
}
