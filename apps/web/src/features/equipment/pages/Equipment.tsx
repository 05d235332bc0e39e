import { ImportOutlined } from '@ant-design/icons';
import { Permission } from '@iot/contracts';
import {
  type Equipment as EquipmentItem,
  EquipmentStatusColors,
  EquipmentStatusNames,
  MANUAL_STATUSES,
  ManualStatusNames,
} from '@iot/contracts/equipment';
import { Button, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type ListExport, PagedListCard, useRowActions } from '../../../components/PagedListCard';
import { UnfoldedTreeSelect } from '../../../components/UnfoldedTreeSelect';
import { Permission as Can, useCurrentRoute } from '../../../platform/routes/currentRoute';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { LabelFilter } from '../../labels';
import { equipmentApi, equipmentKeys } from '../api';
import { EquipmentDetailDrawer } from '../components/EquipmentDetailDrawer';
import { EquipmentFormModal, type EquipmentFormState } from '../components/EquipmentFormModal';
import { EquipmentImportModal } from '../components/EquipmentImportModal';
import { useGroupOptions } from '../components/groupOptions';
import { hours } from '../components/runFormat';

const FILTERS = { groupId: '', manualStatus: '', labelId: '' };

/** The sheet the import reads back: the same columns, 位置 as a path. */
const EXPORT: ListExport<EquipmentItem> = {
  name: '设备台账',
  columns: [
    ['名称', 'name', 18],
    ['编码', 'code', 12],
    ['类别', 'category', 10],
    ['型号', 'model', 14],
    ['生产厂家', 'manufacturer', 14],
    ['出厂编号', 'serialNumber', 14],
    ['位置', 'groupPath', 20],
    ['安装日期', 'installDate', 12],
    ['质保截止', 'warrantyEnd', 12],
    ['额定容量', 'ratedCapacity', 10],
    ['容量单位', 'ratedUnit', 10],
    ['标签', 'labels', 14],
    ['状态', 'manualStatus', 8],
    ['备注', 'remark', 20],
    ['实时状态', 'status', 8],
    ['累计运行（小时）', 'runHours', 14],
    ['累计启动次数', 'starts', 12],
  ].map(([header, key, width]) => ({ header: String(header), key: String(key), width: Number(width) })),
  row: (e) => ({
    name: e.name,
    code: e.code,
    category: e.category,
    model: e.model,
    manufacturer: e.manufacturer,
    serialNumber: e.serialNumber,
    groupPath: e.groupPath ?? '',
    installDate: e.installDate ?? '',
    warrantyEnd: e.warrantyEnd ?? '',
    ratedCapacity: e.ratedCapacity,
    ratedUnit: e.ratedUnit,
    labels: e.labels.map((l) => l.name).join('、'),
    manualStatus: ManualStatusNames[e.manualStatus],
    remark: e.remark,
    status: EquipmentStatusNames[e.status],
    runHours: e.run ? Number(hours(e.run.totalMs)) : null,
    starts: e.run ? e.run.starts : null,
  }),
};

/** 设备台账 (router-equipment): the project's equipment with its bound signals, status and run hours. */
export function Equipment() {
  const projectId = useProjectId();
  const route = useCurrentRoute();
  const [form, setForm] = useState<EquipmentFormState>(null);
  const [importing, setImporting] = useState(false);
  const [viewing, setViewing] = useState<number>(0);
  const groups = useGroupOptions(projectId);
  const actions = useRowActions<EquipmentItem>({
    width: 170,
    before: (piece) => (
      <Button type="link" size="small" onClick={() => setViewing(piece.id)}>
        详情
      </Button>
    ),
    edit: (piece) => setForm({ mode: 'edit', equipment: piece }),
    remove: {
      confirm: (piece) => `确定删除设备「${piece.name}」吗？`,
      description: '绑定的指标、运行时长与启动次数一并删除，指标本身的数据保留。',
      request: (piece) => equipmentApi.remove(projectId, piece.id),
      done: (piece) => `设备「${piece.name}」已删除`,
      invalidate: equipmentKeys.all(projectId),
    },
  });

  const columns: TableColumnsType<EquipmentItem> = [
    {
      title: '设备',
      dataIndex: 'name',
      width: 180,
      render: (name: string, piece) => (
        <Space direction="vertical" size={0}>
          <Typography.Link onClick={() => setViewing(piece.id)}>{name}</Typography.Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {piece.code}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '类别', dataIndex: 'category', width: 90, render: (t: string) => t || '—' },
    {
      title: '位置',
      dataIndex: 'groupPath',
      width: 170,
      ellipsis: true,
      render: (t: string | null) => t || '项目下',
    },
    { title: '型号', dataIndex: 'model', width: 120, ellipsis: true, render: (t: string) => t || '—' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_: unknown, piece) => (
        <Tag color={EquipmentStatusColors[piece.status]}>{EquipmentStatusNames[piece.status]}</Tag>
      ),
    },
    {
      title: '累计运行',
      key: 'run',
      width: 100,
      render: (_: unknown, piece) => (piece.run ? `${hours(piece.run.totalMs)} 小时` : '—'),
    },
    {
      title: '启动次数',
      key: 'starts',
      width: 90,
      render: (_: unknown, piece) => piece.run?.starts ?? '—',
    },
    {
      title: '标签',
      key: 'labels',
      width: 140,
      render: (_: unknown, piece) =>
        piece.labels.length
          ? piece.labels.map((l) => (
              <Tag key={l.id} color={l.color}>
                {l.name}
              </Tag>
            ))
          : '—',
    },
    { title: '质保截止', dataIndex: 'warrantyEnd', width: 120, render: (t: string | null) => t ?? '—' },
    ...actions.map((column) => ({ ...column, fixed: 'right' as const })),
  ];

  return (
    <PagedListCard<EquipmentItem, typeof FILTERS>
      title={route?.title ?? '设备台账'}
      what="设备列表"
      queryKey={equipmentKeys.list(projectId)}
      savedAs="equipment"
      fetchPage={(params) => equipmentApi.page(projectId, params)}
      filters={{
        defaults: FILTERS,
        render: (values, set) => (
          <>
            <UnfoldedTreeSelect
              aria-label="位置"
              allowClear
              placeholder="全部位置"
              style={{ width: 160 }}
              popupMatchSelectWidth={false}
              treeData={groups.options}
              value={values.groupId ? Number(values.groupId) : undefined}
              onChange={(id?: number) => set({ groupId: id ? String(id) : '' })}
            />
            <Select
              aria-label="人工状态"
              style={{ width: 110 }}
              value={values.manualStatus}
              options={[
                { value: '', label: '全部状态' },
                ...MANUAL_STATUSES.map((s) => ({ value: s, label: ManualStatusNames[s] })),
              ]}
              onChange={(manualStatus: string) => set({ manualStatus })}
            />
            <LabelFilter
              projectId={projectId}
              value={Number(values.labelId || 0)}
              onChange={(id) => set({ labelId: id ? String(id) : '' })}
            />
          </>
        ),
      }}
      exporting={EXPORT}
      toolbar={
        <Can bit={Permission.CREATE}>
          <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
            导入
          </Button>
        </Can>
      }
      columns={columns}
      searchPlaceholder="名称、编码、型号、厂家"
      searchWidth={200}
      empty="还没有设备"
      counted="台设备"
      noun="设备"
      scrollX={1250}
      create={{ text: '新建设备', onClick: () => setForm({ mode: 'create' }) }}
    >
      <EquipmentFormModal projectId={projectId} state={form} onClose={() => setForm(null)} />
      <EquipmentImportModal projectId={projectId} open={importing} onClose={() => setImporting(false)} />
      <EquipmentDetailDrawer projectId={projectId} id={viewing} onClose={() => setViewing(0)} />
    </PagedListCard>
  );
}
