import { type TaskStatus, TaskStatusNames } from '@iot/contracts/maintenance';
import { Descriptions, Drawer, Empty, Grid, Spin, Table, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { LoadError } from '../../../components/LoadState';
import { useRecordDetail } from './api';
import { equipmentText, formatSpan, typeNames } from './format';

const at = (ts: number | null) => (ts === null ? '—' : dayjs(ts).format('YYYY-MM-DD HH:mm'));
const statusName = (s: number | null) => (s === null ? '' : (TaskStatusNames[s as TaskStatus] ?? String(s)));

/** The execution summary of a finished order: facts, checklist, measured values, dosing, timeline. */
function RecordSummary({ groupId, id }: { groupId: number; id: number }) {
  const detail = useRecordDetail(groupId, id);
  const r = detail.data;
  if (!r && detail.isError)
    return <LoadError compact what="维保记录详情" error={detail.error} onRetry={detail.refetch} />;
  if (!r) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const e = r.execution;
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        bordered
        style={{ marginBottom: 16 }}
        items={[
          { key: 'code', label: '工单编号', children: r.code },
          {
            key: 'status',
            label: '状态',
            children: <Tag color={r.status === 11 ? 'success' : 'warning'}>{r.statusName}</Tag>,
          },
          { key: 'type', label: '类型', children: typeNames(r.type) },
          { key: 'site', label: '站点', children: r.groupName ?? '项目' },
          { key: 'equipment', label: '设备', children: equipmentText(r, '—') },
          {
            key: 'assignees',
            label: '执行人',
            children: r.assignees.map((a) => a.realname).join('、') || '—',
          },
          { key: 'created', label: '创建时间', children: at(r.createdAt) },
          { key: 'due', label: '截止时间', children: at(r.dueAt) },
          { key: 'finished', label: '完成时间', children: at(r.finishedAt) },
          {
            key: 'duration',
            label: '用时',
            children: `${formatSpan(r.durationMs)}${r.onTime === null ? '' : r.onTime ? '（按时）' : '（超时）'}`,
          },
          ...(r.description
            ? [{ key: 'description', label: '描述', span: 'filled' as const, children: r.description }]
            : []),
        ]}
      />
      <Typography.Title level={5}>执行结果</Typography.Title>
      {!e ? (
        <Empty description="没有提交执行结果" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <>
          <Typography.Paragraph data-testid="record-result">{e.result || '—'}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            {`${e.submittedBy?.realname ?? '—'} 提交于 ${at(e.submittedAt)}`}
          </Typography.Paragraph>
          {e.checklist.length > 0 && (
            <Table
              size="small"
              rowKey="item"
              pagination={false}
              style={{ marginBottom: 12 }}
              dataSource={e.checklist}
              columns={[
                { title: '检查项', dataIndex: 'item' },
                {
                  title: '结果',
                  dataIndex: 'ok',
                  width: 80,
                  render: (ok: boolean) => <Tag color={ok ? 'green' : 'red'}>{ok ? '正常' : '异常'}</Tag>,
                },
                { title: '记录', dataIndex: 'value', width: 100 },
              ]}
            />
          )}
          {e.measurements.length > 0 && (
            <Descriptions
              size="small"
              title="测量值"
              column={{ xs: 1, sm: 2 }}
              style={{ marginBottom: 12 }}
              items={e.measurements.map((m, i) => ({
                key: `m${i}`,
                label: m.name,
                children: `${m.value} ${m.unit}`.trim(),
              }))}
            />
          )}
          {e.dosing.length > 0 && (
            <Descriptions
              size="small"
              title="加药"
              column={{ xs: 1, sm: 2 }}
              style={{ marginBottom: 12 }}
              items={e.dosing.map((d, i) => ({
                key: `d${i}`,
                label: d.medicine,
                children: `${d.quantity} ${d.unit}`.trim(),
              }))}
            />
          )}
        </>
      )}
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        流转记录
      </Typography.Title>
      <Timeline
        items={r.timeline.map((t) => ({
          key: t.id,
          children: (
            <>
              <div>
                {t.actionName}
                {t.fromStatus !== null && t.fromStatus !== t.toStatus
                  ? `：${statusName(t.fromStatus)} → ${statusName(t.toStatus)}`
                  : ''}
              </div>
              <Typography.Text type="secondary">
                {`${t.user?.realname ?? '系统'} · ${at(t.createdAt)}`}
              </Typography.Text>
              {t.note && <div>{t.note}</div>}
            </>
          ),
        }))}
      />
    </>
  );
}

/** 维保记录详情 in a drawer (full width on a phone). */
export function RecordDrawer({
  groupId,
  id,
  onClose,
}: {
  groupId: number;
  id: number | null;
  onClose: () => void;
}) {
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      title="维保记录详情"
      open={id !== null}
      onClose={onClose}
      size={screens.md ? 640 : '100%'}
      destroyOnHidden
    >
      {id !== null && <RecordSummary groupId={groupId} id={id} />}
    </Drawer>
  );
}
