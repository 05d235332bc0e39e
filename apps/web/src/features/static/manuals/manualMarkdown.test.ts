import { describe, expect, it } from 'vitest';
import { parseInline, parseManual, safeHref } from './manualMarkdown';

describe('manual markdown', () => {
  it('reads headings, paragraphs, lists, code and tables', () => {
    const blocks = parseManual(
      '# 标题\n\n第一行\n第二行\n\n## 小节\n- 甲\n- 乙\n1. 一\n2. 二\n\n```\ncode here\n```\n| 列1 | 列2 |\n| --- | --- |\n| a | b |\n',
    );
    expect(blocks.map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'heading',
      'list',
      'list',
      'code',
      'table',
    ]);
    expect(blocks[1]).toEqual({ kind: 'paragraph', text: '第一行第二行' });
    expect(blocks[2]).toMatchObject({ level: 2, text: '小节', id: 'section-2' });
    expect(blocks[4]).toEqual({ kind: 'list', ordered: true, items: ['一', '二'] });
    expect(blocks[5]).toEqual({ kind: 'code', text: 'code here' });
    expect(blocks[6]).toEqual({ kind: 'table', head: ['列1', '列2'], rows: [['a', 'b']] });
  });

  it('reads inline code, bold and links, and refuses script links', () => {
    expect(parseInline('发到 `gateways/SN/telemetry` 的**数据**见[手册](/firmManual)')).toEqual([
      { kind: 'text', text: '发到 ' },
      { kind: 'code', text: 'gateways/SN/telemetry' },
      { kind: 'text', text: ' 的' },
      { kind: 'bold', text: '数据' },
      { kind: 'text', text: '见' },
      { kind: 'link', text: '手册', href: '/firmManual' },
    ]);
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref('//evil.example')).toBeUndefined();
    expect(safeHref('https://example.com')).toBe('https://example.com');
  });
});
