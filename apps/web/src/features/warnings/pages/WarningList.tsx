import { Permission } from '@iot/contracts';
import { HANDLE_STATUSES, type Warning } from '@iot/contracts/warnings';
import { App, Button, Card, Empty, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { tableEmpty } from '../../../components/LoadState';
import { useSavedQuery } from '../../../components/useSavedQuery';
import { usePermission } from '../../../platform/routes/currentRoute';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { useWarningOrderActions } from '../../maintenance/index';
import { useWarnings } from '../api';
import { exportWarnings } from '../components/exportWarnings';
import { formatDuration, formatTime, indicatorText, warningDuration, withUnit } from '../components/format';
import { HandleDialog } from '../components/HandleDialog';
import { WarningDetailDrawer } from '../components/WarningDetailDrawer';
import {
  NO_CONDITIONS,
  toFilter,
  type WarningConditions,
  WarningFilters,
} from '../components/WarningFilters';
import { HandleStatusTag, LevelTag } from '../components/WarningTags';

const DEFAULTS = { ...NO_CONDITIONS, page: 0, size: 10 };
/** Address parameters: the notifications link to one warning, or to the unhandled ones. */
const WARNING_PARAM = 'warningId';
const STATUS_PARAM = 'status';

const conditionsOf = ({ page: _page, size: _size, ...conditions }: typeof DEFAULTS): WarningConditions =>
  conditions;
const describe = (w: Warning) => `${w.gatewayAlias} · ${indicatorText(w)}`;

/**
 * 预警列表 (router-warningList): the project's warnings, server-paged and filtered; handling one
 * or many with a note (update bit), a detail drawer with the handling history, xlsx export.
 * `?warningId=` opens that warning's detail; `?status=unhandled` starts from the unhandled ones.
 */
export function WarningList() {
  const groupId = useProjectId();
  const { message } = App.useApp();
  const canHandle = usePermission(Permission.UPDATE);
  const [params, setParams] = useSearchParams();
  const [saved, setSaved] = useSavedQuery(`warnings.list.${groupId}`, DEFAULTS);
  const [draft, setDraft] = useState<WarningConditions>(() => conditionsOf(saved));
  // Bumped on each 查 询 so a preset range ("today") is taken again at the moment of asking.
  const [asked, setAsked] = useState(0);
  const [selected, setSelected] = useState<number[]>([]);
  const [handling, setHandling] = useState<{ ids: number[]; summary: string } | null>(null);
  const [exporting, setExporting] = useState(false);

  // ?status=… replaces the conditions once per arrival, before the first call (render-phase update).
  const presetStatus = params.get(STATUS_PARAM);
  const [appliedStatus, setAppliedStatus] = useState<string | null>(null);
  if (presetStatus !== appliedStatus) {
    setAppliedStatus(presetStatus);
    if (presetStatus && (HANDLE_STATUSES as readonly string[]).includes(presetStatus)) {
      const preset = { ...NO_CONDITIONS, handleStatus: presetStatus };
      setDraft(preset);
      setSaved((q) => ({ ...preset, page: 0, size: q.size }));
    }
  }
  useEffect(() => {
    if (presetStatus === null) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(STATUS_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [presetStatus, setParams]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `asked` takes a preset's range again on each search
  const filter = useMemo(() => toFilter(conditionsOf(saved)), [saved, asked]);
  const list = useWarnings(groupId, { ...filter, page: saved.page, size: saved.size });
  const total = list.data?.total ?? 0;
  useEffect(() => {
    if (list.data && list.data.list.length === 0 && saved.page > 0)
      setSaved((q) => ({ ...q, page: Math.max(0, Math.ceil(total / q.size) - 1) }));
  }, [list.data, saved.page, total, setSaved]);

  const detailId = Number(params.get(WARNING_PARAM)) || null;
  const showDetail = (id: number | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id === null) next.delete(WARNING_PARAM);
      else next.set(WARNING_PARAM, String(id));
      return next;
    });

  const search = () => {
    setSaved((q) => ({ ...draft, page: 0, size: q.size }));
    setAsked((n) => n + 1);
  };
  const reset = () => {
    setDraft(NO_CONDITIONS);
    setSaved((q) => ({ ...NO_CONDITIONS, page: 0, size: q.size }));
  };
  const download = async () => {
    setExporting(true);
    try {
      const count = await exportWarnings(groupId, filter);
      message.success(`已导出 ${count} 条预警`);
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setExporting(false);
    }
  };
  const handleOne = (w: Warning) => setHandling({ ids: [w.id], summary: describe(w) });
  const orderAction = useWarningOrderActions(
    groupId,
    useMemo(() => (list.data?.list ?? []).map((w) => w.id), [list.data]),
  );

  const now = Date.now();
  const columns: TableColumnsType<Warning> = [
    { title: '网关', dataIndex: 'gatewayAlias', width: 140, ellipsis: true },
    { title: '指标', key: 'indicator', width: 170, ellipsis: true, render: (_, w) => indicatorText(w) },
    { title: '级别', dataIndex: 'level', width: 115, render: (level: number) => <LevelTag level={level} /> },
    {
      title: '触发值 / 阈值',
      key: 'value',
      width: 150,
      render: (_, w) => (
        <>
          <Typography.Text strong>{withUnit(w.value, w.unit)}</Typography.Text>
          <Typography.Text type="secondary"> / {withUnit(w.threshold, w.unit) || '—'}</Typography.Text>
        </>
      ),
    },
    {
      title: '开始 / 解除时间',
      key: 'times',
      width: 175,
      render: (_, w) => (
        <>
          <div>{formatTime(w.startedAt)}</div>
          {w.releasedAt === null ? (
            <Typography.Text type="danger">预警中</Typography.Text>
          ) : (
            <Typography.Text type="secondary">{formatTime(w.releasedAt)}</Typography.Text>
          )}
        </>
      ),
    },
    {
      title: '持续时长',
      key: 'duration',
      width: 100,
      render: (_, w) => formatDuration(warningDuration(w, now)),
    },
    {
      title: '处理状态',
      dataIndex: 'handleStatus',
      width: 100,
      render: (s: Warning['handleStatus']) => <HandleStatusTag status={s} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: orderAction ? 190 : 120,
      fixed: 'right',
      render: (_, w) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => showDetail(w.id)}>
            详情
          </Button>
          {canHandle && (
            <Button type="link" size="small" onClick={() => handleOne(w)}>
              处理
            </Button>
          )}
          {orderAction?.(w.id)}
        </Space>
      ),
    },
  ];

  return (
    <Card title="预警列表" variant="borderless">
      <WarningFilters
        draft={draft}
        setDraft={setDraft}
        onSearch={search}
        onReset={reset}
        onExport={() => void download()}
        exporting={exporting}
      />
      {canHandle && (
        <Space style={{ marginBottom: 12 }}>
          <Button
            disabled={selected.length === 0}
            onClick={() => setHandling({ ids: selected, summary: `已选 ${selected.length} 条预警` })}
          >
            批量处理
          </Button>
          {selected.length > 0 && (
            <Typography.Text type="secondary">已选 {selected.length} 条</Typography.Text>
          )}
        </Space>
      )}
      <Table<Warning>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1100 }}
        rowSelection={
          canHandle
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(Number)),
              }
            : undefined
        }
        pagination={{
          current: saved.page + 1,
          pageSize: saved.size,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (count) => `共 ${count} 条`,
          onChange: (page, size) => setSaved((q) => ({ ...q, page: size === q.size ? page - 1 : 0, size })),
        }}
        locale={{
          emptyText: tableEmpty(list, '预警列表', <Empty description="没有符合条件的预警" />),
        }}
      />
      <WarningDetailDrawer
        groupId={groupId}
        id={detailId}
        canHandle={canHandle}
        onHandle={(w) => handleOne(w)}
        onClose={() => showDetail(null)}
      />
      <HandleDialog
        groupId={groupId}
        ids={handling?.ids ?? []}
        summary={handling?.summary ?? ''}
        onClose={() => setHandling(null)}
        onDone={() => setSelected((keys) => keys.filter((k) => !handling?.ids.includes(k)))}
      />
    </Card>
  );
}
