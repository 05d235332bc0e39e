import { AppstoreAddOutlined, ExperimentOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Permission } from '@iot/contracts';
import { RuleKindLabels, type WarningRule } from '@iot/contracts/warnings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Empty,
  Input,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { LoadError, tableEmpty } from '../../../../components/LoadState';
import { useSavedQuery } from '../../../../components/useSavedQuery';
import { usePermission } from '../../../../platform/routes/currentRoute';
import { useTreeIndicators } from '../../../monitoring/index';
import { rulesApi, settingsKeys, useRules } from '../../settings-api';
import { LevelTag } from '../WarningTags';
import { BatchApplyModal } from './BatchApplyModal';
import { RuleFormModal, type RuleFormState } from './RuleFormModal';
import { delayText, ruleBodyOf, scheduleText, thresholdText, valuesOfRule } from './ruleForm';
import { WaterQualityModal } from './WaterQualityModal';

const PAGE_SIZE = 10;
/** gatewayId 0: every gateway. */
const DEFAULTS = { page: 0, keyword: '', gatewayId: 0 };

/** 预警规则: the project's rules, server-paged and filtered; create, batch-apply, templates, edit, switch, delete. */
export function RulesTab({ groupId }: { groupId: number }) {
  const [query, setQuery] = useSavedQuery(`warningRules.${groupId}`, DEFAULTS);
  const [keyword, setKeyword] = useState(query.keyword);
  const [form, setForm] = useState<RuleFormState>(null);
  const [batch, setBatch] = useState(false);
  const [water, setWater] = useState(false);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canCreate = usePermission(Permission.CREATE);
  const canUpdate = usePermission(Permission.UPDATE);
  const canDelete = usePermission(Permission.DELETE);
  const { gateways } = useTreeIndicators(groupId);
  const rules = useRules(groupId, { ...query, size: PAGE_SIZE });
  const total = rules.data?.total ?? 0;

  // A page emptied by deletions falls back to the last page that has rows.
  useEffect(() => {
    if (rules.data && rules.data.list.length === 0 && query.page > 0)
      setQuery((q) => ({ ...q, page: Math.max(0, Math.ceil(total / PAGE_SIZE) - 1) }));
  }, [rules.data, query.page, total, setQuery]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.rules(groupId) });
  const toggle = useMutation({
    mutationFn: (rule: WarningRule) =>
      rulesApi.update(groupId, rule.id, ruleBodyOf({ ...valuesOfRule(rule), enabled: !rule.enabled })),
    onSuccess: (rule) => message.success(rule.enabled ? '规则已启用' : '规则已停用'),
    onError: (error) => message.error(error.message),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (rule: WarningRule) => rulesApi.remove(groupId, rule.id),
    onSuccess: () => {
      message.success('预警规则已删除');
      void refresh();
    },
  });

  const columns: TableColumnsType<WarningRule> = [
    { title: '网关', dataIndex: 'gatewayAlias', width: 120, ellipsis: true },
    {
      title: '指标',
      key: 'indicator',
      width: 130,
      ellipsis: true,
      render: (_, r) =>
        r.kind === 'offline' ? (
          <Typography.Text type="secondary">整个网关</Typography.Text>
        ) : (
          <>
            <div>{r.indicatorName}</div>
            <Typography.Text type="secondary">{r.metric}</Typography.Text>
          </>
        ),
    },
    { title: '规则名称', dataIndex: 'name', width: 150, ellipsis: true, render: (n: string) => n || '—' },
    {
      title: '类型 / 阈值',
      key: 'condition',
      width: 150,
      render: (_, r) => (
        <>
          <div>{RuleKindLabels[r.kind]}</div>
          <Typography.Text type="secondary">{thresholdText(r)}</Typography.Text>
        </>
      ),
    },
    { title: '等级', dataIndex: 'level', width: 110, render: (l: number) => <LevelTag level={l} /> },
    {
      title: '延时 / 回差',
      key: 'delay',
      width: 130,
      render: (_, r) => (
        <>
          <div>{delayText(r)}</div>
          {r.kind !== 'offline' && <Typography.Text type="secondary">回差 {r.hysteresis}</Typography.Text>}
        </>
      ),
    },
    {
      title: '生效时段',
      dataIndex: 'schedule',
      width: 170,
      render: (s: WarningRule['schedule']) => scheduleText(s),
    },
    {
      title: '启用',
      dataIndex: 'enabled',
      width: 60,
      render: (enabled: boolean, r) => (
        <Switch
          size="small"
          checked={enabled}
          disabled={!canUpdate}
          loading={toggle.isPending && toggle.variables?.id === r.id}
          aria-label={`启用规则 ${r.id}`}
          onChange={() => toggle.mutate(r)}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          {canUpdate && (
            <Button type="link" size="small" onClick={() => setForm({ mode: 'edit', rule: r })}>
              编辑
            </Button>
          )}
          {canDelete && (
            <Popconfirm
              title="确定删除这条预警规则吗？"
              description="已产生的预警会保留"
              okText="删除"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutateAsync(r).catch(() => undefined)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const filtered = query.keyword !== '' || query.gatewayId > 0;
  return (
    <>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Select<number>
            aria-label="按网关筛选"
            style={{ width: 180 }}
            value={query.gatewayId}
            onChange={(gatewayId) => setQuery((q) => ({ ...q, page: 0, gatewayId }))}
            showSearch={{ optionFilterProp: 'label' }}
            options={[
              { value: 0, label: '全部网关' },
              ...[...gateways].map(([id, alias]) => ({ value: id, label: alias })),
            ]}
          />
          <Input
            aria-label="关键字"
            placeholder="规则名称、网关或指标"
            allowClear
            style={{ width: 220 }}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onPressEnter={() => setQuery((q) => ({ ...q, page: 0, keyword: keyword.trim() }))}
          />
          <Button
            icon={<SearchOutlined />}
            onClick={() => setQuery((q) => ({ ...q, page: 0, keyword: keyword.trim() }))}
          >
            查询
          </Button>
        </Space>
        {canCreate && (
          <Space wrap>
            <Button icon={<ExperimentOutlined />} onClick={() => setWater(true)}>
              水质模板
            </Button>
            <Button icon={<AppstoreAddOutlined />} onClick={() => setBatch(true)}>
              批量应用
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ mode: 'create' })}>
              新建规则
            </Button>
          </Space>
        )}
      </Space>
      {rules.isError && !rules.data ? (
        <LoadError what="预警规则" error={rules.error} onRetry={rules.refetch} />
      ) : (
        <Table<WarningRule>
          rowKey="id"
          columns={columns}
          dataSource={rules.data?.list ?? []}
          loading={rules.isFetching}
          scroll={{ x: 1100 }}
          pagination={{
            current: query.page + 1,
            pageSize: PAGE_SIZE,
            total,
            showSizeChanger: false,
            showTotal: (count) => `共 ${count} 条`,
            onChange: (page) => setQuery((q) => ({ ...q, page: page - 1 })),
          }}
          locale={{
            emptyText: tableEmpty(
              rules,
              '预警规则',
              <Empty
                description={filtered ? '没有符合条件的预警规则' : '还没有预警规则，新建一条或套用水质模板'}
              />,
            ),
          }}
        />
      )}
      <RuleFormModal groupId={groupId} state={form} onClose={() => setForm(null)} />
      <BatchApplyModal groupId={groupId} open={batch} onClose={() => setBatch(false)} />
      <WaterQualityModal groupId={groupId} open={water} onClose={() => setWater(false)} />
    </>
  );
}
