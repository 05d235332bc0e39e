import { DownloadOutlined } from '@ant-design/icons';
import { type Page, Permission } from '@iot/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Empty,
  Form,
  type FormInstance,
  Modal,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  type TableColumnType,
  Tooltip,
} from 'antd';
import dayjs from 'dayjs';
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { usePermission } from '../platform/routes/currentRoute';
import { exportFileName, exportXlsx, fetchAllPages, type XlsxCell, type XlsxColumn } from './exportXlsx';
import { tableEmpty } from './LoadState';
import { useSavedQuery } from './useSavedQuery';

/*
 * The parts of a list screen (docs/architecture.md, "List screens"): usePagedList (conditions saved
 * per user, server paging, the fall-back from a page past the end), PagedTable (loading, failure with
 * 重试, empty, 共 N …), ExportButton (every matching row as xlsx), useRowActions (编辑 / 删除 behind a
 * confirmation, by permission bit) and ListFormModal (新建 / 编辑 with the uniqueness rule). PagedListCard
 * puts them together for the common case: one keyword search.
 */

export const PAGE_SIZE = 10;

/** The 创建时间 column most list screens end with (a row's createdAt, ms). */
export function createdAtColumn<T>(width = 170): TableColumnType<T> {
  return {
    title: '创建时间',
    dataIndex: 'createdAt',
    width,
    render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm:ss'),
  };
}

/** The conditions every paged list has; a list may add filters (tab, status, time range…). */
export interface PagedQuery {
  page: number;
  /** Only for lists with a page-size changer. */
  size?: number;
}

export interface PagedList<T, Q extends PagedQuery> {
  query: Q;
  setQuery: ReturnType<typeof useSavedQuery<Q>>[1];
  list: ReturnType<typeof useQuery<Page<T>>>;
  total: number;
  pageSize: number;
  /** A page of the same conditions, e.g. for an export (fetchAllPages). */
  fetchPage(page: number, size: number): Promise<Page<T>>;
}

interface PagedSource<T, Q extends PagedQuery> {
  /** The list's query key is `[...queryKey, query]`: invalidate `queryKey` after a write. */
  queryKey: readonly unknown[];
  fetchPage(query: Q, page: number, size: number): Promise<Page<T>>;
  /** Without a size in the conditions; PAGE_SIZE by default. */
  pageSize?: number;
  enabled?: boolean;
}

/**
 * A server-paged list whose conditions are remembered for the signed-in user (useSavedQuery) under
 * `savedAs`; `defaults` fixes the conditions' fields (keep it a constant).
 */
export function usePagedList<T, Q extends PagedQuery>(
  options: PagedSource<T, Q> & { savedAs: string; defaults: Q },
): PagedList<T, Q> {
  const [query, setQuery] = useSavedQuery<Q>(options.savedAs, options.defaults);
  return usePagedQuery(query, setQuery, options);
}

/** usePagedList for a screen that keeps its conditions itself (e.g. a draft applied by 查询). */
export function usePagedQuery<T, Q extends PagedQuery>(
  query: Q,
  setQuery: PagedList<T, Q>['setQuery'],
  options: PagedSource<T, Q>,
): PagedList<T, Q> {
  const pageSize = query.size ?? options.pageSize ?? PAGE_SIZE;
  const list = useQuery({
    queryKey: [...options.queryKey, query],
    queryFn: () => options.fetchPage(query, query.page, pageSize),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
  // A remembered page past the end (rows removed since): fall back to the last page.
  const total = list.data?.total ?? 0;
  useEffect(() => {
    if (list.data && list.data.list.length === 0 && query.page > 0)
      setQuery((q) => ({ ...q, page: Math.max(0, Math.ceil(total / pageSize) - 1) }));
  }, [list.data, query.page, total, pageSize, setQuery]);
  return {
    query,
    setQuery,
    list,
    total,
    pageSize,
    fetchPage: (page, size) => options.fetchPage(query, page, size),
  };
}

/** The sum of the columns' widths (120 for a column without one): the table's scroll width. */
const widthOf = (columns: TableColumnsType<never>) =>
  columns.reduce((sum, c) => sum + Number(c.width ?? 120), 0);

/**
 * The table of a usePagedList: rows, paging with 共 N …, a blank while the first page loads, the
 * failure "<what>加载失败：…" with 重试, or `empty`.
 */
export function PagedTable<T extends object, Q extends PagedQuery>({
  paged,
  columns,
  rowKey = 'id' as keyof T & string,
  what,
  empty,
  counted = '条',
  scrollX,
  sizes,
  size,
}: {
  paged: PagedList<T, Q>;
  columns: TableColumnsType<T>;
  rowKey?: keyof T & string;
  /** What failed to load, e.g. 网关厂商列表 → 网关厂商列表加载失败：… */
  what: string;
  /** An empty list: a sentence (shown in <Empty>) or a node. */
  empty: ReactNode;
  /** After the count in 共 N …, e.g. 个网关厂商; 条 by default. */
  counted?: string;
  /** The scroll width; the columns' widths by default. */
  scrollX?: number;
  /** Page sizes to offer (the conditions then carry `size`); none: fixed size, no changer. */
  sizes?: number[];
  size?: 'middle' | 'small';
}) {
  const { query, setQuery, list, total, pageSize } = paged;
  return (
    <Table<T>
      rowKey={rowKey}
      size={size}
      columns={columns}
      dataSource={list.data?.list ?? []}
      loading={list.isFetching}
      scroll={{ x: scrollX ?? widthOf(columns as TableColumnsType<never>) }}
      pagination={{
        current: query.page + 1,
        pageSize,
        total,
        showTotal: (count) => `共 ${count} ${counted}`,
        ...(sizes
          ? {
              showSizeChanger: true,
              pageSizeOptions: sizes,
              onChange: (page, next) =>
                setQuery((q) => ({ ...q, page: next === q.size ? page - 1 : 0, size: next })),
            }
          : {
              showSizeChanger: false,
              hideOnSinglePage: true,
              onChange: (page) => setQuery((q) => ({ ...q, page: page - 1 })),
            }),
      }}
      locale={{
        emptyText: tableEmpty(list, what, typeof empty === 'string' ? <Empty description={empty} /> : empty),
      }}
    />
  );
}

/** An xlsx export of every row matching the conditions (spec core §7, §9). */
export interface ListExport<T> {
  /** The file's content name, e.g. 网关厂商列表 (dated by exportFileName). */
  name: string;
  columns: XlsxColumn[];
  row(item: T): Record<string, XlsxCell>;
}

/** 导出: reads every matching row EXPORT_PAGE_SIZE at a time and hands the user an xlsx. */
export function ExportButton<T>({
  spec,
  fetchPage,
}: {
  spec: ListExport<T>;
  fetchPage(page: number, size: number): Promise<Page<T>>;
}) {
  const [exporting, setExporting] = useState(false);
  const { message } = App.useApp();
  const run = async () => {
    setExporting(true);
    try {
      const rows = await fetchAllPages(fetchPage);
      await exportXlsx(spec.columns, rows.map(spec.row), exportFileName(spec.name));
      message.success(`已导出 ${rows.length} 条`);
    } catch (error) {
      message.error(`导出失败：${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void run()}>
      导出
    </Button>
  );
}

/** 删除 behind a confirmation naming what goes (spec: confirmation before delete). */
export function DeleteButton({
  title,
  description,
  onConfirm,
  okText = '删除',
}: {
  title: string;
  description?: string;
  onConfirm(): Promise<unknown>;
  /** The word on the button and the confirmation (删除, 移除, 撤回). */
  okText?: string;
}) {
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={okText}
      okButtonProps={{ danger: true }}
      onConfirm={() => onConfirm().catch(() => undefined)}
    >
      <Button type="link" size="small" danger>
        {okText}
      </Button>
    </Popconfirm>
  );
}

/** 删除 of one row: behind a confirmation, or disabled with the reason the row cannot go. */
function RemoveLink<T>({
  row,
  removal,
  run,
}: {
  row: T;
  removal: RowRemoval<T>;
  run(row: T): Promise<unknown>;
}) {
  const refused = removal.refused?.(row);
  if (refused)
    return (
      <Tooltip title={refused}>
        <Button type="link" size="small" danger disabled>
          {removal.okText ?? '删除'}
        </Button>
      </Tooltip>
    );
  return (
    <DeleteButton
      title={removal.confirm(row)}
      description={removal.description}
      okText={removal.okText}
      onConfirm={() => run(row)}
    />
  );
}

/** How a row is deleted: the confirmation, the request, the notice, the list to refresh. */
export interface RowRemoval<T> {
  confirm(row: T): string;
  description?: string;
  request(row: T): Promise<unknown>;
  /** The success notice, e.g. 网关厂商「A」已删除. */
  done(row: T): string;
  /** Invalidated after the delete. */
  invalidate: readonly unknown[];
  /** The word on the link and the confirmation: 删除 by default (移除…). */
  okText?: string;
  /** Why this row cannot go (the only administrator…): the link shows disabled with the reason. */
  refused?(row: T): string | false;
}

/**
 * The 操作 column: `before` (查看, 关联…), 编辑 for holders of UPDATE, 删除 behind a confirmation for
 * holders of DELETE; a `locked` row (built-in) shows 不可修改 with the reason instead. No column at
 * all when the caller holds neither bit and there is nothing `before`.
 */
export function useRowActions<T>(spec: {
  width: number;
  edit?(row: T): void;
  /** The edit link's text, 编辑 by default (条款, 修改角色…). */
  editText?: string;
  remove?: RowRemoval<T>;
  before?(row: T): ReactNode;
  /** Between 编辑 and 删除 (重置密码, 解锁…). */
  between?(row: T): ReactNode;
  /** Whether the column shows for a caller without UPDATE and DELETE; by default when `before` is given. */
  show?: boolean;
  locked?(row: T): string | false;
}): TableColumnsType<T> {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canUpdate = usePermission(Permission.UPDATE) && Boolean(spec.edit);
  const canDelete = usePermission(Permission.DELETE) && Boolean(spec.remove);
  const remove = useMutation({
    mutationFn: (row: T) => spec.remove?.request(row) ?? Promise.resolve(null),
    onSuccess: (_, row) => {
      if (!spec.remove) return;
      message.success(spec.remove.done(row));
      void queryClient.invalidateQueries({ queryKey: spec.remove.invalidate });
    },
  });
  if (!canUpdate && !canDelete && !(spec.show ?? Boolean(spec.before))) return [];
  return [
    {
      title: '操作',
      key: 'actions',
      width: spec.width,
      render: (_, row) => {
        const locked = spec.locked?.(row);
        return (
          <Space size={0} wrap>
            {spec.before?.(row)}
            {locked
              ? (canUpdate || canDelete) && (
                  <Tooltip title={locked}>
                    <Button type="link" size="small" disabled>
                      不可修改
                    </Button>
                  </Tooltip>
                )
              : [
                  canUpdate && (
                    <Button key="edit" type="link" size="small" onClick={() => spec.edit?.(row)}>
                      {spec.editText ?? '编辑'}
                    </Button>
                  ),
                  <Fragment key="between">{spec.between?.(row)}</Fragment>,
                  canDelete && spec.remove && (
                    <RemoveLink key="delete" row={row} removal={spec.remove} run={remove.mutateAsync} />
                  ),
                ]}
          </Space>
        );
      },
    },
  ];
}

/**
 * A form rule asking the server whether a value is free (the uniqueness calls of spec core §5);
 * `check` answers true when it is. Blank values are left to the required rule, values longer than
 * `maxLength` to the length rule.
 */
export function uniqueRule(check: (value: string) => Promise<boolean>, taken: string, maxLength?: number) {
  return {
    validateTrigger: 'onBlur',
    validator: async (_: unknown, value: string | undefined) => {
      const text = value?.trim();
      if (!text || (maxLength !== undefined && text.length > maxLength)) return;
      if (!(await check(text))) throw new Error(taken);
    },
  };
}

/**
 * 新建 / 编辑 in a modal: the form starts from `initialValues` at each opening, 保存 sends `save`,
 * then the notice `saved(answer)`, the list `invalidate`d and the modal closed.
 */
export function ListFormModal<V extends object, S>({
  open,
  title,
  form,
  initialValues,
  save,
  saved,
  invalidate,
  onClose,
  children,
  width,
  reportError = false,
}: {
  open: boolean;
  title: ReactNode;
  form: FormInstance<V>;
  initialValues?: Partial<V>;
  save(values: V): Promise<S>;
  saved(answer: S): string;
  invalidate: readonly unknown[];
  onClose(): void;
  children: ReactNode;
  width?: number;
  /** Show a failed save's message here (when the request is quiet). */
  reportError?: boolean;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (answer) => {
      message.success(saved(answer));
      void queryClient.invalidateQueries({ queryKey: invalidate });
      onClose();
    },
    onError: (error: Error) => {
      if (reportError) message.error(error.message);
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset at each opening, not on each render's new initialValues
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initialValues) form.setFieldsValue(initialValues as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, form]);
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      okText="保存"
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<V>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => mutation.mutate(values)}
        style={{ marginTop: 16 }}
      >
        {children}
      </Form>
    </Modal>
  );
}
