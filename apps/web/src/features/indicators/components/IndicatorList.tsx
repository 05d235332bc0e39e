import { PlusOutlined } from '@ant-design/icons';
import { Permission } from '@iot/contracts';
import { INDICATOR_TYPES, type Indicator, type IndicatorType } from '@iot/contracts/indicators';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Empty,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { tableEmpty } from '../../../components/LoadState';
import { useSavedQuery } from '../../../components/useSavedQuery';
import { Permission as Can, usePermission } from '../../../platform/routes/currentRoute';
import { indicatorKeys, indicatorsApi } from '../api';
import { IndicatorFormModal, type IndicatorFormState, TYPE_OPTIONS } from './IndicatorFormModal';

const PAGE_SIZE = 10;
const DEFAULT_QUERY = { keyword: '', type: '', page: 0 };

/** 指标列表: the project's indicators, server-paged, searchable by name and type. */
export function IndicatorList({ groupId }: { groupId: number }) {
  const [query, setQuery] = useSavedQuery(`indicators.${groupId}`, DEFAULT_QUERY);
  const [draft, setDraft] = useState(query.keyword);
  const [form, setForm] = useState<IndicatorFormState>(null);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canUpdate = usePermission(Permission.UPDATE);
  const canDelete = usePermission(Permission.DELETE);

  const indicators = useQuery({
    queryKey: [...indicatorKeys.indicators(groupId), query.keyword, query.type, query.page],
    queryFn: () =>
      indicatorsApi.list(groupId, {
        page: query.page,
        size: PAGE_SIZE,
        keyword: query.keyword,
        type: query.type as IndicatorType | '',
      }),
    placeholderData: keepPreviousData,
  });

  // A remembered page past the end (indicators removed since): fall back to the last page.
  const total = indicators.data?.total ?? 0;
  useEffect(() => {
    if (indicators.data && indicators.data.list.length === 0 && query.page > 0)
      setQuery((q) => ({ ...q, page: Math.max(0, Math.ceil(total / PAGE_SIZE) - 1) }));
  }, [indicators.data, query.page, total, setQuery]);

  const remove = useMutation({
    mutationFn: (indicator: Indicator) => indicatorsApi.remove(groupId, indicator.id),
    onSuccess: (_, indicator) => {
      message.success(`指标「${indicator.name}」已删除`);
      void queryClient.invalidateQueries({ queryKey: indicatorKeys.indicators(groupId) });
    },
  });

  const search = () => {
    const keyword = draft.trim();
    // Enter may arrive twice (this input and the shell's 查 询 shortcut): keep the same state then.
    setQuery((q) => (q.keyword === keyword && q.page === 0 ? q : { ...q, keyword, page: 0 }));
  };

  const columns: TableColumnsType<Indicator> = [
    { title: '指标名称', dataIndex: 'name', width: 180, ellipsis: true },
    {
      title: '类型',
      dataIndex: 'type',
      width: 90,
      render: (type: IndicatorType) => <Tag>{INDICATOR_TYPES[type]}</Tag>,
    },
    { title: '单位', dataIndex: 'unit', width: 90, render: (unit: string) => unit || '—' },
    {
      title: '小数位数',
      dataIndex: 'decimalPlaces',
      width: 90,
      render: (places: number, row) => (row.type === 'float' ? places : '—'),
    },
    {
      title: '枚举值',
      dataIndex: 'indicatorEnums',
      render: (enums: Indicator['indicatorEnums']) =>
        enums.length === 0 ? (
          '—'
        ) : (
          <Space size={[4, 4]} wrap>
            {enums.map((e) => (
              <Tag key={e.value} color="blue">
                {e.value}：{e.label}
              </Tag>
            ))}
          </Space>
        ),
    },
    { title: '网关指标数', dataIndex: 'usedCount', width: 110 },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 170,
      render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm'),
    },
  ];
  if (canUpdate || canDelete)
    columns.push({
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, indicator) => (
        <Space size={0}>
          {canUpdate && (
            <Button type="link" size="small" onClick={() => setForm({ mode: 'edit', indicator })}>
              编辑
            </Button>
          )}
          {canDelete &&
            (indicator.usedCount > 0 ? (
              <Tooltip title="该指标正在被网关指标使用，不能删除">
                <Button type="link" size="small" danger disabled>
                  删除
                </Button>
              </Tooltip>
            ) : (
              <Popconfirm
                title={`确定删除指标「${indicator.name}」吗？`}
                okText="删除"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutateAsync(indicator).catch(() => undefined)}
              >
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            ))}
        </Space>
      ),
    });

  const filtered = query.keyword !== '' || query.type !== '';
  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Select
            aria-label="指标类型"
            placeholder="全部类型"
            allowClear
            value={query.type || undefined}
            options={TYPE_OPTIONS}
            onChange={(type?: string) => setQuery((q) => ({ ...q, type: type ?? '', page: 0 }))}
            style={{ width: 140 }}
          />
          <Space.Compact>
            <Input
              allowClear
              placeholder="指标名称"
              aria-label="指标名称"
              value={draft}
              maxLength={64}
              onChange={(event) => setDraft(event.target.value)}
              onPressEnter={search}
              style={{ width: 220 }}
            />
            <Button type="primary" onClick={search}>
              查询
            </Button>
          </Space.Compact>
        </Space>
        <Can bit={Permission.CREATE}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ mode: 'create' })}>
            新建指标
          </Button>
        </Can>
      </Space>
      <Table<Indicator>
        rowKey="id"
        columns={columns}
        dataSource={indicators.data?.list ?? []}
        loading={indicators.isFetching}
        scroll={{ x: 1000 }}
        pagination={{
          current: query.page + 1,
          pageSize: PAGE_SIZE,
          total,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (count) => `共 ${count} 个指标`,
          onChange: (page) => setQuery((q) => ({ ...q, page: page - 1 })),
        }}
        locale={{
          emptyText: tableEmpty(
            indicators,
            '指标列表',
            <Empty description={filtered ? '没有符合条件的指标' : '还没有指标，点击“新建指标”添加'} />,
          ),
        }}
      />
      <IndicatorFormModal groupId={groupId} state={form} onClose={() => setForm(null)} />
    </>
  );
}
