import { type Page, PROJECT_SELECT_PAGE_SIZE } from '@iot/contracts';
import {
  Avatar,
  Button,
  Card,
  Col,
  Empty,
  Input,
  Pagination,
  Row,
  Space,
  Spin,
  Typography,
  theme,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { http } from '../api/http';
import { LoadError } from './LoadState';
import { usePagedList } from './PagedList';

/** Spec core §9: project selection page size (the user's projects, corporations and firms alike). */
const PAGE_SIZE = PROJECT_SELECT_PAGE_SIZE;
const DEFAULTS = { keyword: '', page: 0 };

/**
 * 我的项目, 我的公司, 我的网关厂商: the scopes the signed-in user belongs to as cards, one keyword
 * search remembered per user, server paging, its loading, failure (with 重试) and empty states.
 */
export function ScopeCardList<T extends { id: number; name: string }>({
  title,
  what,
  url,
  savedAs,
  searchPlaceholder,
  empty,
  noun,
  counted,
  renderCard,
}: {
  title: string;
  /** What failed to load: 公司列表 → 公司列表加载失败：… */
  what: string;
  /** GET answering Page<T> for page, size and keyword (a byCurUser list). */
  url: string;
  /** The saved-conditions key (useSavedQuery). */
  savedAs: string;
  searchPlaceholder: string;
  /** An empty list without a keyword, e.g. 您还没有加入任何公司. */
  empty: string;
  /** Named when a keyword matches nothing: 没有名称包含“x”的<noun>. */
  noun: string;
  /** The unit in 共 N …, e.g. 个公司. */
  counted: string;
  renderCard(item: T): ReactNode;
}) {
  const paged = usePagedList<T, typeof DEFAULTS>({
    savedAs,
    defaults: DEFAULTS,
    queryKey: [savedAs, url],
    pageSize: PAGE_SIZE,
    fetchPage: (query, page, size) =>
      http.get<Page<T>>(url, { params: { page, size, keyword: query.keyword } }),
  });
  const { query, setQuery, list, total } = paged;
  const [draft, setDraft] = useState(query.keyword);
  const search = () => {
    const keyword = draft.trim();
    // Enter may arrive twice (this input and the shell's 查 询 shortcut): keep the same state then.
    setQuery((q) => (q.keyword === keyword && q.page === 0 ? q : { keyword, page: 0 }));
  };
  const items = list.data?.list ?? [];

  return (
    <Card
      title={title}
      extra={
        <Space.Compact>
          <Input
            allowClear
            placeholder={searchPlaceholder}
            value={draft}
            maxLength={64}
            onChange={(event) => setDraft(event.target.value)}
            onPressEnter={search}
            style={{ width: 240 }}
            aria-label={searchPlaceholder}
          />
          <Button type="primary" onClick={search}>
            查询
          </Button>
        </Space.Compact>
      }
    >
      <Spin spinning={list.isFetching}>
        {list.isLoading ? (
          <div style={{ minHeight: 240 }} />
        ) : list.isError && !list.data ? (
          <LoadError what={what} error={list.error} onRetry={list.refetch} />
        ) : items.length === 0 ? (
          <Empty
            style={{ padding: '48px 0' }}
            description={query.keyword ? `没有名称包含“${query.keyword}”的${noun}` : empty}
          />
        ) : (
          <Row gutter={[16, 16]}>
            {items.map((item) => (
              <Col key={item.id} xs={24} sm={12} lg={8} xxl={6}>
                {renderCard(item)}
              </Col>
            ))}
          </Row>
        )}
      </Spin>
      {total > PAGE_SIZE && (
        <Pagination
          style={{ marginTop: 16, justifyContent: 'flex-end' }}
          current={query.page + 1}
          pageSize={PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          showTotal={(count) => `共 ${count} ${counted}`}
          onChange={(page) => setQuery((q) => ({ ...q, page: page - 1 }))}
        />
      )}
    </Card>
  );
}

/** One scope as a card: its logo (or first character), name, tags, a few figures and the way in. */
export function ScopeCard({
  testId,
  name,
  logoUrl,
  tags,
  children,
  enter,
}: {
  testId: string;
  name: string;
  logoUrl?: string;
  /** Under the name: its state, the caller's role… */
  tags: ReactNode;
  /** Figures below (counts of what it holds); none for a bare card. */
  children?: ReactNode;
  enter: { text: string; loading?: boolean; onClick(): void };
}) {
  const { token } = theme.useToken();
  return (
    <Card
      size="small"
      hoverable
      data-testid={testId}
      actions={[
        <Button key="enter" type="link" loading={enter.loading} onClick={enter.onClick}>
          {enter.text}
        </Button>,
      ]}
    >
      <Card.Meta
        avatar={
          <Avatar shape="square" size={48} src={logoUrl || undefined}>
            {name.slice(0, 1)}
          </Avatar>
        }
        title={
          <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: '100%' }}>
            {name}
          </Typography.Text>
        }
        description={
          <Space size={[4, 4]} wrap>
            {tags}
          </Space>
        }
      />
      {children && (
        <div style={{ marginTop: 12, paddingTop: 10, borderTop: `1px dashed ${token.colorBorderSecondary}` }}>
          {children}
        </div>
      )}
    </Card>
  );
}
