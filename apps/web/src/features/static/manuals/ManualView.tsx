import { HomeOutlined } from '@ant-design/icons';
import { Anchor, Button, Grid, Table, Typography } from 'antd';
import { Fragment, type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { type ManualBlock, parseInline, parseManual, safeHref } from './manualMarkdown';
import './manual.css';

function inline(text: string): ReactNode {
  return parseInline(text).map((piece, index) => {
    const key = `${index}-${piece.kind}`;
    if (piece.kind === 'code')
      return (
        <Typography.Text key={key} code>
          {piece.text}
        </Typography.Text>
      );
    if (piece.kind === 'bold') return <strong key={key}>{piece.text}</strong>;
    if (piece.kind === 'link') {
      const href = safeHref(piece.href);
      return href ? (
        <Typography.Link key={key} href={href}>
          {piece.text}
        </Typography.Link>
      ) : (
        <Fragment key={key}>{piece.text}</Fragment>
      );
    }
    return <Fragment key={key}>{piece.text}</Fragment>;
  });
}

function Block({ block }: { block: ManualBlock }) {
  switch (block.kind) {
    case 'heading':
      return (
        <Typography.Title level={block.level} id={block.id} className="manual-heading">
          {inline(block.text)}
        </Typography.Title>
      );
    case 'paragraph':
      return <Typography.Paragraph>{inline(block.text)}</Typography.Paragraph>;
    case 'list': {
      const items = block.items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: list items keep their order
        <li key={index}>{inline(item)}</li>
      ));
      return (
        <Typography.Paragraph>{block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>}</Typography.Paragraph>
      );
    }
    case 'code':
      return <pre className="manual-code">{block.text}</pre>;
    case 'table':
      return (
        <Table
          className="manual-table"
          size="small"
          bordered
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowKey={(_, index) => String(index)}
          columns={block.head.map((title, column) => ({
            title: inline(title),
            key: String(column),
            render: (_: unknown, row: string[]) => inline(row[column] ?? ''),
          }))}
          dataSource={block.rows}
        />
      );
  }
}

/** A manual of the repository (Markdown) as a page: contents beside it at the desk, above it on a phone. */
export function ManualView({ source, testId }: { source: string; testId: string }) {
  const narrow = !(Grid.useBreakpoint().md ?? true);
  const blocks = useMemo(() => parseManual(source), [source]);
  const sections = blocks.filter(
    (b): b is Extract<ManualBlock, { kind: 'heading' }> => b.kind === 'heading' && b.level === 2,
  );
  return (
    <div className={narrow ? 'manual manual-narrow' : 'manual'} data-testid={testId}>
      <nav className="manual-toc">
        <Link to="/index">
          <Button size="small" icon={<HomeOutlined />}>
            返回首页
          </Button>
        </Link>
        {!narrow && (
          <Anchor
            affix={false}
            offsetTop={16}
            items={sections.map((s) => ({ key: s.id, href: `#${s.id}`, title: s.text.replace(/`/g, '') }))}
          />
        )}
      </nav>
      <article className="manual-body">
        {blocks.map((block, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are the document in order
          <Block key={index} block={block} />
        ))}
      </article>
    </div>
  );
}
