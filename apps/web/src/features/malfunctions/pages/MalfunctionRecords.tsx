import { PlusOutlined } from '@ant-design/icons';
import { Permission } from '@iot/contracts';
import {
  MALFUNCTION_ORIGINS,
  MALFUNCTION_STATES,
  type Malfunction,
  type MalfunctionOrigin,
  MalfunctionOriginNames,
  type MalfunctionState,
  MalfunctionStateNames,
} from '@iot/contracts/malfunctions';
import type { MenuEntry } from '@iot/contracts/menus';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Image,
  Popconfirm,
  Select,
  Space,
  type TableColumnsType,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EXCEL_DATE_TIME, excelDate } from '../../../components/exportXlsx';
import { LoadError } from '../../../components/LoadState';
import { ExportButton, type ListExport, PagedTable, usePagedList } from '../../../components/PagedList';
import { usePermission } from '../../../platform/routes/currentRoute';
import { useMenusOf } from '../../../platform/routes/useMenusOf';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { listenToTopic } from '../../messages/index';
import { resolveRange, TIME_PRESETS, type TimeRangeValue } from '../../monitoring/index';
import { type MalfunctionFilter, malfunctionKeys, malfunctionsApi } from '../api';
import { CloseModal } from '../components/CloseModal';
import { Duration, useNow } from '../components/Duration';
import { MalfunctionDrawer } from '../components/MalfunctionDrawer';
import { ReliabilityTab } from '../components/ReliabilityTab';
import { equipmentLabel, ReportModal } from '../components/ReportModal';

interface Conditions extends TimeRangeValue {
  page: number;
  equipmentId: number | '';
  siteId: number | '';
  origin: MalfunctionOrigin | '';
  state: MalfunctionState | '';
}

const DEFAULTS: Conditions = {
  page: 0,
  preset: '',
  start: 0,
  stop: 0,
  equipmentId: '',
  siteId: '',
  origin: '',
  state: '',
};
const ALL = { value: '', label: '全部' } as const;
const ORIGIN_COLORS: Record<MalfunctionOrigin, string> = {
  signal: 'volcano',
  warning: 'orange',
  manual: 'blue',
};
const when = (at: number | null) => (at === null ? '—' : dayjs(at).format('YYYY-MM-DD HH:mm:ss'));

/** The conditions as the server reads them; a preset's range taken at the moment of asking. */
function toFilter(c: Conditions): MalfunctionFilter {
  const range = c.preset ? resolveRange(c) : null;
  return {
    ...(range ? { startTime: range[0].valueOf(), stopTime: range[1].valueOf() } : {}),
    ...(c.equipmentId ? { equipmentId: c.equipmentId } : {}),
    ...(c.siteId ? { siteId: c.siteId } : {}),
    ...(c.origin ? { origin: c.origin } : {}),
    ...(c.state ? { state: c.state } : {}),
  };
}

/** Whether the caller's project menu grants `bit` on `code` (转工单 needs 工单管理's create bit). */
function menuGrants(menus: MenuEntry[] | undefined, code: string, bit: number): boolean {
  for (const menu of menus ?? []) {
    if (menu.code === code && (menu.permission & bit) === bit) return true;
    if (menuGrants(menu.children, code, bit)) return true;
  }
  return false;
}

/** 故障记录: filters, the server-paged list with durations (ongoing ones count up), 上报故障, 结束, 转工单. */
function RecordsTab({
  projectId,
  equipment,
  sites,
}: {
  projectId: number;
  equipment: ReturnType<typeof useEquipment>;
  sites: { value: number; label: string }[];
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canCreate = usePermission(Permission.CREATE);
  const canUpdate = usePermission(Permission.UPDATE);
  const menus = useMenusOf({ type: 'project', id: projectId }).menus;
  const canOrder = menuGrants(menus, 'router-maintenanceTaskList', Permission.CREATE);
  const [reporting, setReporting] = useState(false);
  const [closing, setClosing] = useState<Malfunction | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const paged = usePagedList<Malfunction, Conditions>({
    savedAs: 'malfunctions',
    defaults: DEFAULTS,
    queryKey: malfunctionKeys.list(projectId),
    fetchPage: (query, page, size) => malfunctionsApi.list(projectId, toFilter(query), page, size),
  });
  const { query, setQuery } = paged;
  const set = (next: Partial<Conditions>) => setQuery((q) => ({ ...q, ...next, page: 0 }));
  // `?equipmentId=` (the equipment detail's link): that piece's records, every other condition cleared.
  const [params, setParams] = useSearchParams();
  const linked = Number(params.get('equipmentId')) || 0;
  useEffect(() => {
    if (!linked) return;
    setQuery({ ...DEFAULTS, equipmentId: linked });
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('equipmentId');
        return next;
      },
      { replace: true },
    );
  }, [linked, setQuery, setParams]);
  const rows = paged.list.data?.list ?? [];
  const now = useNow(rows.some((r) => r.endedAt === null));

  // Openings and closings of the project come live (fault signal, warnings, other people).
  useEffect(
    () =>
      listenToTopic(`/topic/projects/${projectId}/malfunctions`, {
        onMessage: () => void queryClient.invalidateQueries({ queryKey: malfunctionKeys.list(projectId) }),
      }),
    [projectId, queryClient],
  );

  const toOrder = useMutation({
    mutationFn: (m: Malfunction) => malfunctionsApi.toWorkOrder(projectId, m.id),
    onSuccess: (order) => {
      message.success(`已生成工单 ${order.code}`);
      void queryClient.invalidateQueries({ queryKey: malfunctionKeys.list(projectId) });
    },
  });

  const columns: TableColumnsType<Malfunction> = [
    {
      title: '设备',
      key: 'equipment',
      width: 170,
      render: (_, m) => (
        <>
          <div>
            <Typography.Link onClick={() => setViewing(m.id)} data-testid="open-malfunction">
              {m.equipmentName}
            </Typography.Link>
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {m.equipmentCode}
            {m.groupName ? ` · ${m.groupName}` : ''}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '来源',
      dataIndex: 'origin',
      width: 96,
      render: (origin: MalfunctionOrigin) => (
        <Tag color={ORIGIN_COLORS[origin]}>{MalfunctionOriginNames[origin]}</Tag>
      ),
    },
    {
      title: '故障描述',
      key: 'description',
      width: 220,
      render: (_, m) => (
        <Space direction="vertical" size={4}>
          <Typography.Text ellipsis={{ tooltip: m.description }} style={{ maxWidth: 220 }}>
            {m.description || '—'}
          </Typography.Text>
          {m.photos.length > 0 && (
            <Image.PreviewGroup>
              <Space size={4} wrap>
                {m.photos.map((url) => (
                  <Image
                    key={url}
                    src={url}
                    width={32}
                    height={32}
                    style={{ objectFit: 'cover' }}
                    alt="故障照片"
                  />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
          {m.reportedBy && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              上报人：{m.reportedBy.realname}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '发生 / 结束时间',
      key: 'time',
      width: 190,
      render: (_, m) => (
        <>
          <div>{when(m.startedAt)}</div>
          <div>{m.endedAt === null ? '—' : when(m.endedAt)}</div>
          {(m.closedBy || m.closeNote) && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[m.closedBy?.realname, m.closeNote].filter(Boolean).join('：')}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: '持续时长',
      key: 'duration',
      width: 130,
      render: (_, m) => <Duration startedAt={m.startedAt} endedAt={m.endedAt} now={now} />,
    },
    {
      title: '工单',
      key: 'workOrder',
      width: 130,
      render: (_, m) => (m.workOrder ? <Tag color="processing">{m.workOrder.code}</Tag> : '—'),
    },
    ...(canUpdate || canOrder
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 120,
            fixed: 'right' as const,
            render: (_: unknown, m: Malfunction) => (
              <Space size={0} wrap>
                {canUpdate && m.endedAt === null && (
                  <Button type="link" size="small" danger onClick={() => setClosing(m)}>
                    结束
                  </Button>
                )}
                {canOrder && !m.workOrder && (
                  <Popconfirm
                    title="为该故障生成维修工单？"
                    description="工单带上设备、站点和故障情况，之后在工单管理中分配"
                    okText="转工单"
                    onConfirm={() => toOrder.mutateAsync(m).catch(() => undefined)}
                  >
                    <Button type="link" size="small">
                      转工单
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  const exporting: ListExport<Malfunction> = {
    name: '设备故障记录',
    columns: [
      { header: '设备', key: 'equipmentName', width: 18 },
      { header: '设备编码', key: 'equipmentCode', width: 14 },
      { header: '站点', key: 'groupName', width: 14 },
      { header: '来源', key: 'originName', width: 10 },
      { header: '故障描述', key: 'description', width: 40 },
      { header: '发生时间', key: 'startedAt', width: 20, numFmt: EXCEL_DATE_TIME },
      { header: '结束时间', key: 'endedAt', width: 20, numFmt: EXCEL_DATE_TIME },
      { header: '持续时长（分钟）', key: 'minutes', width: 14 },
      { header: '工单', key: 'order', width: 18 },
    ],
    row: (m) => ({
      equipmentName: m.equipmentName,
      equipmentCode: m.equipmentCode,
      originName: m.originName,
      description: m.description,
      groupName: m.groupName ?? '',
      startedAt: excelDate(m.startedAt),
      endedAt: m.endedAt === null ? '' : excelDate(m.endedAt),
      minutes: m.durationMs === null ? '' : Math.round(m.durationMs / 60_000),
      order: m.workOrder?.code ?? '',
    }),
  };

  const filtered = Object.keys(toFilter(query)).length > 0;
  return (
    <>
      <Form layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item label="设备">
          <Select
            aria-label="设备"
            showSearch
            optionFilterProp="label"
            style={{ width: 200 }}
            value={query.equipmentId}
            onChange={(equipmentId: number | '') => set({ equipmentId })}
            options={[ALL, ...(equipment.data ?? []).map((e) => ({ value: e.id, label: equipmentLabel(e) }))]}
          />
        </Form.Item>
        <Form.Item label="站点">
          <Select
            aria-label="站点"
            style={{ width: 150 }}
            value={query.siteId}
            onChange={(siteId: number | '') => set({ siteId })}
            options={[ALL, ...sites]}
          />
        </Form.Item>
        <Form.Item label="来源">
          <Select
            aria-label="来源"
            style={{ width: 110 }}
            value={query.origin}
            onChange={(origin: MalfunctionOrigin | '') => set({ origin })}
            options={[
              ALL,
              ...MALFUNCTION_ORIGINS.map((o) => ({ value: o, label: MalfunctionOriginNames[o] })),
            ]}
          />
        </Form.Item>
        <Form.Item label="状态">
          <Select
            aria-label="状态"
            style={{ width: 100 }}
            value={query.state}
            onChange={(state: MalfunctionState | '') => set({ state })}
            options={[ALL, ...MALFUNCTION_STATES.map((s) => ({ value: s, label: MalfunctionStateNames[s] }))]}
          />
        </Form.Item>
        <Form.Item label="发生时间">
          <Space.Compact style={{ flexWrap: 'wrap', maxWidth: '100%', rowGap: 8 }}>
            <Select
              aria-label="发生时间"
              style={{ width: 168 }}
              value={query.preset}
              onChange={(preset: string) =>
                set(
                  preset === 'custom'
                    ? { preset, start: dayjs().startOf('day').valueOf(), stop: dayjs().valueOf() }
                    : { preset, start: 0, stop: 0 },
                )
              }
              options={[
                { value: '', label: '不限' },
                ...TIME_PRESETS.map(([key, label]) => ({ value: key, label })),
                { value: 'custom', label: '自定义' },
              ]}
            />
            {query.preset === 'custom' && (
              <DatePicker.RangePicker
                aria-label="起止时间"
                showTime
                format="YYYY-MM-DD HH:mm"
                allowClear={false}
                value={[dayjs(query.start), dayjs(query.stop)]}
                onChange={(range) => {
                  if (range?.[0] && range[1])
                    set({ preset: 'custom', start: range[0].valueOf(), stop: range[1].valueOf() });
                }}
              />
            )}
          </Space.Compact>
        </Form.Item>
        <Form.Item>
          <Space wrap>
            <ExportButton spec={exporting} fetchPage={paged.fetchPage} />
            {canCreate && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setReporting(true)}>
                上报故障
              </Button>
            )}
          </Space>
        </Form.Item>
      </Form>
      <PagedTable<Malfunction, Conditions>
        paged={paged}
        columns={columns}
        what="设备故障记录"
        counted="条故障"
        empty={filtered ? '没有符合条件的故障' : '还没有设备故障记录'}
      />
      <ReportModal
        projectId={projectId}
        open={reporting}
        equipment={equipment.data ?? []}
        onClose={() => setReporting(false)}
      />
      <CloseModal projectId={projectId} target={closing} onClose={() => setClosing(null)} />
      <MalfunctionDrawer projectId={projectId} id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

function useEquipment(projectId: number) {
  return useQuery({
    queryKey: malfunctionKeys.equipment(projectId),
    queryFn: () => malfunctionsApi.equipment(projectId),
  });
}

/** 设备故障记录 (router-equipmentMalfunctionRecord; docs/decisions/0056-malfunctions.md). */
export function MalfunctionRecords() {
  const projectId = useProjectId();
  const [tab, setTab] = useState('records');
  const equipment = useEquipment(projectId);
  // The sites that hold equipment, for the filters (the server takes a site's subtree).
  const sites = useMemo(() => {
    const seen = new Map<number, string>();
    for (const e of equipment.data ?? []) if (e.groupId !== null) seen.set(e.groupId, e.groupName ?? '');
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [equipment.data]);
  return (
    <Card title="设备故障记录">
      {equipment.isError && (
        <div style={{ marginBottom: 16 }}>
          <LoadError inline what="设备列表" error={equipment.error} onRetry={equipment.refetch} />
        </div>
      )}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          {
            key: 'records',
            label: '故障记录',
            children: <RecordsTab projectId={projectId} equipment={equipment} sites={sites} />,
          },
          {
            key: 'reliability',
            label: 'MTBF / MTTR',
            children: <ReliabilityTab projectId={projectId} sites={sites} />,
          },
        ]}
      />
    </Card>
  );
}
