import type { EquipmentReliability } from '@iot/contracts/malfunctions';
import { durationText } from '@iot/contracts/malfunctions';
import { useQuery } from '@tanstack/react-query';
import {
  Card,
  Col,
  Empty,
  Form,
  Row,
  Select,
  Statistic,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { tableEmpty } from '../../../components/LoadState';
import { useSavedQuery } from '../../../components/useSavedQuery';
import { resolveRange, TimeRangeField, type TimeRangeValue } from '../../monitoring/index';
import { malfunctionKeys, malfunctionsApi } from '../api';
import { hoursText } from './Duration';

interface Conditions extends TimeRangeValue {
  siteId: number | '';
}
const DEFAULTS: Conditions = { preset: 'thisMonth', start: 0, stop: 0, siteId: '' };

const percent = (value: number | null) =>
  value === null ? '—' : `${(value * 100).toLocaleString('zh-CN', { maximumFractionDigits: 2 })}%`;

/**
 * MTBF / MTTR per piece of equipment over a range (decision 0056): MTTR is the mean duration of the
 * malfunctions ended in the range; MTBF the up time of the range (to now) per malfunction begun in it.
 */
export function ReliabilityTab({
  projectId,
  sites,
}: {
  projectId: number;
  sites: { value: number; label: string }[];
}) {
  const [conditions, setConditions] = useSavedQuery('malfunctions.reliability', DEFAULTS);
  const range = resolveRange(conditions);
  const report = useQuery({
    queryKey: [...malfunctionKeys.reliability(projectId), conditions],
    enabled: range !== null,
    queryFn: () => {
      // A preset is taken at the moment of asking.
      const [start, stop] = resolveRange(conditions)!;
      return malfunctionsApi.reliability(projectId, {
        startTime: start.valueOf(),
        stopTime: Math.max(stop.valueOf(), start.valueOf() + 1),
        ...(conditions.siteId ? { siteId: conditions.siteId } : {}),
      });
    },
  });
  const total = report.data?.total;
  const columns: TableColumnsType<EquipmentReliability> = [
    {
      title: '设备',
      key: 'equipment',
      width: 180,
      fixed: 'left',
      render: (_, r) => (
        <>
          <div>{r.equipmentName}</div>
          <div style={{ fontSize: 12, opacity: 0.65 }}>{r.equipmentCode}</div>
        </>
      ),
    },
    { title: '站点', dataIndex: 'groupName', width: 120, render: (v: string | null) => v ?? '—' },
    { title: '故障次数', dataIndex: 'failures', width: 90, align: 'right' },
    { title: '已修复', dataIndex: 'repaired', width: 80, align: 'right' },
    {
      title: '停机时长',
      dataIndex: 'downtimeMs',
      width: 120,
      render: (ms: number) => (ms ? durationText(ms) : '—'),
    },
    { title: 'MTTR', dataIndex: 'mttrMs', width: 110, render: hoursText },
    { title: 'MTBF', dataIndex: 'mtbfMs', width: 120, render: hoursText },
    { title: '可用率', dataIndex: 'availability', width: 100, render: percent },
  ];
  return (
    <>
      <Form layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item label="统计范围">
          <TimeRangeField value={conditions} onChange={(next) => setConditions({ ...conditions, ...next })} />
        </Form.Item>
        <Form.Item label="站点">
          <Select
            aria-label="统计站点"
            style={{ width: 160 }}
            value={conditions.siteId}
            onChange={(siteId: number | '') => setConditions({ ...conditions, siteId })}
            options={[{ value: '', label: '全部' }, ...sites]}
          />
        </Form.Item>
      </Form>
      {total && (
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          {[
            ['故障次数', String(total.failures)],
            ['MTTR', hoursText(total.mttrMs)],
            ['MTBF', hoursText(total.mtbfMs)],
            ['可用率', percent(total.availability)],
          ].map(([title, value]) => (
            <Col key={title} xs={12} md={6}>
              <Card size="small">
                <Statistic title={title} value={value} />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        MTTR（平均修复时间）= 范围内结束的故障的平均时长；MTBF（平均故障间隔）=（观测时长 − 停机时长）÷
        范围内发生的故障次数；观测时长到现在为止，同时发生的多条故障只计一次停机。
      </Typography.Paragraph>
      <Table<EquipmentReliability>
        rowKey="equipmentId"
        size="middle"
        columns={columns}
        dataSource={report.data?.items ?? []}
        loading={report.isFetching}
        scroll={{ x: 920 }}
        pagination={{
          pageSize: 10,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (n) => `共 ${n} 台设备`,
        }}
        locale={{ emptyText: tableEmpty(report, '可靠性统计', <Empty description="范围内没有设备" />) }}
      />
    </>
  );
}
