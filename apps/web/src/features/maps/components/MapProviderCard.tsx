import { Permission } from '@iot/contracts';
import { AMAP_BASE_URL, type MapProviderName, type MapProviderSettings } from '@iot/contracts/maps';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Radio, Skeleton, Typography } from 'antd';
import { http } from '../../../api/http';
import { LoadError } from '../../../components/LoadState';
import { usePermission } from '../../../platform/routes/currentRoute';
import { CellLocationCard } from './CellLocationCard';

interface Values {
  provider: MapProviderName;
  amapKey?: string;
  amapBaseUrl?: string;
}

const KEY = ['maps', 'settings'] as const;

/**
 * 地图服务 on 系统配置 (decision 0066): the built-in offline map, or AMap with its web-service key. The
 * key is stored sealed and never shown again; leaving it empty keeps the stored one. Base-station
 * positioning (基站定位) follows in its own card.
 */
export function MapProviderCard() {
  return (
    <>
      <MapServiceCard />
      {/* Base-station positioning belongs with the map settings (decision 0066). */}
      <CellLocationCard />
    </>
  );
}

function MapServiceCard() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const canUpdate = usePermission(Permission.UPDATE);
  const [form] = Form.useForm<Values>();
  const settings = useQuery({
    queryKey: KEY,
    queryFn: () => http.get<MapProviderSettings>('/iot/system/maps'),
  });
  const save = useMutation({
    mutationFn: (v: Values) =>
      http.put<MapProviderSettings>('/iot/system/maps', {
        provider: v.provider,
        amapKey: v.amapKey?.trim() || undefined,
        amapBaseUrl: v.amapBaseUrl?.trim() || undefined,
      }),
    onSuccess: (saved) => {
      client.setQueryData(KEY, saved);
      form.setFieldValue('amapKey', '');
      message.success('地图服务已保存');
    },
  });
  return (
    <Card title="地图服务" style={{ marginTop: 16 }} data-testid="map-provider-card">
      {settings.isError ? (
        <LoadError compact what="地图服务" error={settings.error} onRetry={settings.refetch} />
      ) : !settings.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          style={{ maxWidth: 560 }}
          disabled={!canUpdate}
          initialValues={{ provider: settings.data.provider, amapBaseUrl: settings.data.amapBaseUrl }}
          onFinish={(v) => save.mutate(v)}
        >
          <Form.Item name="provider" label="服务">
            <Radio.Group
              options={[
                { value: 'builtin', label: '内置离线地图（行政区划到区县，无需网络）' },
                { value: 'amap', label: '高德地图' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="amapKey"
            label="高德 Web 服务 Key"
            extra={
              settings.data.amapKeyConfigured ? '已配置（加密保存，不再显示）；留空保持原 Key' : '未配置'
            }
          >
            <Input.Password autoComplete="new-password" maxLength={64} placeholder="留空保持原 Key" />
          </Form.Item>
          <Form.Item name="amapBaseUrl" label="高德服务地址">
            <Input placeholder={AMAP_BASE_URL} />
          </Form.Item>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            坐标一律按 WGS-84 保存；高德的 GCJ-02 坐标在服务端换算。
          </Typography.Paragraph>
          {canUpdate && (
            // Its own name: 系统配置's form above has the page's 保存.
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存地图服务
            </Button>
          )}
        </Form>
      )}
    </Card>
  );
}
