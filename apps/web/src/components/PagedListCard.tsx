import { PlusOutlined } from '@ant-design/icons';
import { type Page, Permission } from '@iot/contracts';
import { Button, Card, Input, Space, type TableColumnsType } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { http } from '../api/http';
import { Permission as Can } from '../platform/routes/currentRoute';
import { ExportButton, type ListExport, PagedTable, usePagedList } from './PagedList';

export type { ListExport, RowRemoval } from './PagedList';
export { DeleteButton, ListFormModal, uniqueRule, useRowActions } from './PagedList';

const NO_FILTERS = {};

/** Filters of a list beside its keyword (a role, a state…): remembered and sent with the keyword. */
export interface ListFilters<F extends Record<string, string>> {
  /** Every filter's value when nothing is picked, '' for 全部 (keep it a constant). */
  defaults: F;
  /** The controls, drawn before the search; `set` applies at once, from the first page. */
  render(values: F, set: (next: Partial<F>) => void): ReactNode;
}

export interface PagedListCardProps<T, F extends Record<string, string> = Record<string, string>> {
  title: ReactNode;
  /** What the list is, for its failure: 网关厂商列表 → 网关厂商列表加载失败：… */
  what: string;
  /**
   * The list's query key: invalidate it after a write. A string is also the saved-conditions key
   * and is asked as `[queryKey]`.
   */
  queryKey: string | readonly unknown[];
  /** The saved-conditions key (useSavedQuery); `queryKey` when it is a string. */
  savedAs?: string;
  /** GET answering Page<T> for page, size, keyword and the filters; or give fetchPage. */
  url?: string;
  fetchPage?(params: { keyword?: string; page: number; size: number } & Partial<F>): Promise<Page<T>>;
  /** Filters beside the keyword; a filter left at '' is not sent. */
  filters?: ListFilters<F>;
  /** `id` by default. */
  rowKey?: keyof T & string;
  columns: TableColumnsType<T>;
  searchPlaceholder: string;
  /** Width of the search input, 200 by default. */
  searchWidth?: number;
  /** 还没有… for an empty list without a keyword. */
  empty: string;
  /** The unit in 共 N 个…, e.g. 个网关厂商. */
  counted: string;
  /** Named when a keyword matches nothing: 没有匹配“x”的<noun>; 结果 by default. */
  noun?: string;
  /** Before the search (a filter, a switch). */
  extra?: ReactNode;
  /** Buttons after the search and the export. */
  toolbar?: ReactNode;
  /** A 新建 button for holders of the CREATE bit. */
  create?: { text?: string; onClick(): void };
  exporting?: ListExport<T>;
  /** The table's scroll width; the columns' widths by default. */
  scrollX?: number;
  /** Above the table (a notice, a guide); modals may go here too. */
  children?: ReactNode;
}

/** The conditions' filter fields that are set. */
function setFilters<F extends Record<string, string>>(query: F, defaults: F): Partial<F> {
  const set: Partial<F> = {};
  for (const field of Object.keys(defaults) as (keyof F)[]) if (query[field]) set[field] = query[field];
  return set;
}

/**
 * A list screen with a keyword search and optional filters, remembered per user, server paging, its
 * loading, failure (with 重试) and empty states, an optional export of every matching row and a 新建
 * button: the system administration lists, the catalogues, 用户管理, 角色管理, 成员管理. See
 * docs/architecture.md, "List screens".
 */
export function PagedListCard<T extends object, F extends Record<string, string> = Record<string, string>>(
  props: PagedListCardProps<T, F>,
) {
  const base = useMemo(
    () => (typeof props.queryKey === 'string' ? [props.queryKey] : props.queryKey),
    [props.queryKey],
  );
  const filterDefaults = (props.filters?.defaults ?? NO_FILTERS) as F;
  const defaults = useMemo(() => ({ ...filterDefaults, keyword: '', page: 0 }), [filterDefaults]);
  const url = props.url;
  const paged = usePagedList<T, typeof defaults>({
    savedAs: props.savedAs ?? String(props.queryKey),
    defaults,
    queryKey: url ? [...base, url] : base,
    fetchPage: (query, page, size) => {
      const params = {
        ...setFilters(query, filterDefaults),
        ...(query.keyword ? { keyword: query.keyword } : {}),
        page,
        size,
      };
      return props.fetchPage ? props.fetchPage(params) : http.get<Page<T>>(url ?? '', { params });
    },
  });
  const { query, setQuery } = paged;
  const [draft, setDraft] = useState(query.keyword);

  const search = () => {
    const keyword = draft.trim();
    // Enter may arrive twice (this input and the shell's 查 询 shortcut): keep the same state then.
    setQuery((q) => (q.keyword === keyword && q.page === 0 ? q : { ...q, keyword, page: 0 }));
  };
  const filtered = Object.keys(setFilters(query, filterDefaults)).length > 0;

  return (
    <Card
      title={props.title}
      extra={
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          {props.extra}
          {props.filters?.render(query, (next) => setQuery((q) => ({ ...q, ...next, page: 0 })))}
          <Space.Compact>
            <Input
              allowClear
              placeholder={props.searchPlaceholder}
              aria-label={props.searchPlaceholder}
              value={draft}
              maxLength={64}
              onChange={(event) => setDraft(event.target.value)}
              onPressEnter={search}
              style={{ width: props.searchWidth ?? 200 }}
            />
            <Button type="primary" onClick={search}>
              查 询
            </Button>
          </Space.Compact>
          {props.exporting && <ExportButton spec={props.exporting} fetchPage={paged.fetchPage} />}
          {props.toolbar}
          {props.create && (
            <Can bit={Permission.CREATE}>
              <Button icon={<PlusOutlined />} onClick={props.create.onClick}>
                {props.create.text ?? '新建'}
              </Button>
            </Can>
          )}
        </Space>
      }
    >
      {props.children}
      <PagedTable<T, typeof defaults>
        paged={paged}
        columns={props.columns}
        rowKey={props.rowKey}
        what={props.what}
        counted={props.counted}
        scrollX={props.scrollX}
        empty={
          query.keyword
            ? `没有匹配“${query.keyword}”的${props.noun ?? '结果'}`
            : filtered
              ? `没有符合条件的${props.noun ?? '结果'}`
              : props.empty
        }
      />
    </Card>
  );
}
