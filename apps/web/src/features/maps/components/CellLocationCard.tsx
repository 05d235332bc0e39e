import { ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Permission } from '@iot/contracts';
import {
  type CellImportResult,
  CellMessages,
  type CellOnlineService,
  CHINA_MCC,
  OPENCELLID_BASE_URL,
} from '@iot/contracts/maps';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Progress,
  Radio,
  Skeleton,
  Space,
  Statistic,
  Table,
  Typography,
  Upload,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { LoadError } from '../../../components/LoadState';
import { usePermission } from '../../../platform/routes/currentRoute';
import { cellKeys, cellsApi, uploadCells } from '../cells-api';

interface Values {
  online: CellOnlineService;
  key?: string;
  baseUrl?: string;
  mnc: number;
}

type ImportState =
  | { state: 'idle' }
  | { state: 'sending'; name: string; percent: number }
  | { state: 'done'; name: string; result: CellImportResult }
  | { state: 'failed'; file: File; reason: string };

/**
 * 基站定位 on 系统配置 (decision 0066): the cell table imported from an OpenCelliD export (upload with
 * progress, then what was imported), the cells gateways reported that nobody knew, and the optional
 * online service (OpenCelliD, key sealed) with the MNC assumed for gateways that report none.
 */
export function CellLocationCard() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const canUpdate = usePermission(Permission.UPDATE);
  const [form] = Form.useForm<Values>();
  const [upload, setUpload] = useState<ImportState>({ state: 'idle' });
  const settings = useQuery({ queryKey: cellKeys.settings, queryFn: cellsApi.settings, retry: false });
  const stats = useQuery({ queryKey: cellKeys.stats, queryFn: cellsApi.stats, retry: false });
  const save = useMutation({
    mutationFn: (v: Values) =>
      cellsApi.saveSettings({
        online: v.online,
        key: v.key?.trim() || undefined,
        baseUrl: v.baseUrl?.trim() || undefined,
        mnc: v.mnc,
      }),
    onSuccess: (saved) => {
      client.setQueryData(cellKeys.settings, saved);
      form.setFieldValue('key', '');
      message.success('基站定位已保存');
    },
  });

  const send = async (file: File) => {
    setUpload({ state: 'sending', name: file.name, percent: 0 });
    try {
      const result = await uploadCells(file, (percent) =>
        setUpload((u) => (u.state === 'sending' ? { ...u, percent } : u)),
      );
      setUpload({ state: 'done', name: file.name, result });
      void client.invalidateQueries({ queryKey: cellKeys.stats });
    } catch (error) {
      setUpload({ state: 'failed', file, reason: (error as Error).message });
    }
  };

  const loadFailed = settings.isError ? settings : stats.isError ? stats : null;
  return (
    <Card title={CellMessages.title} style={{ marginTop: 16 }} data-testid="cell-location-card">
      {loadFailed ? (
        <LoadError compact what={CellMessages.title} error={loadFailed.error} onRetry={loadFailed.refetch} />
      ) : !settings.data || !stats.data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            网关以“自动定位 · 基站定位”上报 LAC 与 CELLID 时，按基站库定位（MCC {CHINA_MCC}，WGS-84）；
            基站库没有的，若配置了在线服务则向其查询。查不到的基站不改变位置，列在下方。
          </Typography.Paragraph>
          <Space size="large" wrap data-testid="cell-stats">
            <Statistic title="已导入基站" value={stats.data.imported} />
            <Statistic title="在线查到" value={stats.data.learnt} />
            <Statistic
              title="未知基站"
              value={stats.data.missCells}
              suffix={`个 / ${stats.data.missReports} 次`}
            />
          </Space>
          {canUpdate && (
            <div data-testid="cell-import">
              <Upload
                accept=".csv,.gz,text/csv,application/gzip"
                showUploadList={false}
                disabled={upload.state === 'sending'}
                beforeUpload={(file) => {
                  void send(file);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={upload.state === 'sending'}>
                  导入基站库（OpenCelliD CSV）
                </Button>
              </Upload>
              <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '4px 0 0' }}>
                opencellid.org 下载的中国导出文件 460.csv.gz（或解压后的 .csv）；只导入 MCC {CHINA_MCC} 的行，
                同一基站以后导入的为准。
              </Typography.Paragraph>
              {upload.state === 'sending' && (
                <div data-testid="cell-import-progress">
                  <Typography.Text>{upload.name}</Typography.Text>
                  <Progress percent={upload.percent} status="active" />
                </div>
              )}
              {upload.state === 'done' && (
                <Alert
                  type="success"
                  showIcon
                  data-testid="cell-import-result"
                  message={`${upload.name}：${CellMessages.imported(upload.result)}`}
                />
              )}
              {upload.state === 'failed' && (
                <Alert
                  type="error"
                  showIcon
                  role="alert"
                  data-testid="cell-import-error"
                  message={`导入失败：${upload.reason}`}
                  action={
                    <Button size="small" icon={<ReloadOutlined />} onClick={() => void send(upload.file)}>
                      重试
                    </Button>
                  }
                />
              )}
            </div>
          )}
          {stats.data.misses.length > 0 && (
            <Table
              size="small"
              rowKey={(m) => `${m.mnc}-${m.lac}-${m.cellId}`}
              pagination={false}
              scroll={{ x: 520 }}
              data-testid="cell-misses"
              title={() => '未知基站（最近上报的 20 个）'}
              dataSource={stats.data.misses}
              columns={[
                { title: 'MCC-MNC', render: (_, m) => `${m.mcc}-${m.mnc}` },
                { title: 'LAC', dataIndex: 'lac' },
                { title: 'CELLID', dataIndex: 'cellId' },
                { title: '网关', dataIndex: 'gatewayName' },
                { title: '次数', dataIndex: 'count' },
                { title: '最近', dataIndex: 'lastAt', render: (v: number) => dayjs(v).format('MM-DD HH:mm') },
              ]}
            />
          )}
          <Form
            form={form}
            layout="vertical"
            style={{ maxWidth: 560 }}
            disabled={!canUpdate}
            initialValues={{
              online: settings.data.online,
              baseUrl: settings.data.baseUrl,
              mnc: settings.data.mnc,
            }}
            onFinish={(v) => save.mutate(v)}
          >
            <Form.Item name="online" label="在线基站定位服务（基站库没有时查询）">
              <Radio.Group
                options={[
                  { value: 'none', label: '不使用（只用基站库）' },
                  { value: 'opencellid', label: 'OpenCelliD' },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="key"
              label="OpenCelliD API Key"
              extra={settings.data.keyConfigured ? '已配置（加密保存，不再显示）；留空保持原 Key' : '未配置'}
            >
              <Input.Password autoComplete="new-password" maxLength={64} placeholder="留空保持原 Key" />
            </Form.Item>
            <Form.Item name="baseUrl" label="OpenCelliD 服务地址">
              <Input placeholder={OPENCELLID_BASE_URL} />
            </Form.Item>
            <Form.Item
              name="mnc"
              label="默认 MNC"
              extra="网关未上报 MNC 标识时使用：0 中国移动、1 中国联通、11 中国电信"
            >
              <InputNumber min={0} max={999} precision={0} />
            </Form.Item>
            {canUpdate && (
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                保存基站定位
              </Button>
            )}
          </Form>
        </Space>
      )}
    </Card>
  );
}
