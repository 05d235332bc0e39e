import { SaveOutlined } from '@ant-design/icons';
import { Permission } from '@iot/contracts';
import { BAUD_RATES, DATA_BITS, STOP_BITS } from '@iot/contracts/gateways';
import type { GatewayIndicator } from '@iot/contracts/indicators';
import { type ModbusConfigBody, modbusIndicatorBody, modbusSettings } from '@iot/contracts/modbus';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Divider, Empty, Form, InputNumber, Select, Space, Table, Typography } from 'antd';
import { useEffect } from 'react';
import { tableEmpty } from '../../../components/LoadState';
import { usePermission } from '../../../platform/routes/currentRoute';
import { gatewayIndicatorsApi, indicatorKeys, modbusApi } from '../api';
import { parseInto, schemaRule } from './formRules';
import {
  type ModbusFormValues,
  options,
  PARITY_OPTIONS,
  pointBody,
  pointColumns,
  valuesOf,
} from './modbusPoints';

const settingsShape = modbusSettings.shape;

export interface ModbusConfigPanelProps {
  /** The project (group) the gateway is bound to. */
  groupId: number;
  gatewayId: number;
}

/**
 * Modbus configuration of one gateway (DTU transparent Modbus, decision 0011): the serial line
 * (baud rate, data bits, stop bits, parity), the poll interval, and per gateway indicator where
 * its value is read — slave, function code, register address, data type, byte order, scale and
 * the analog acquisition range. Saved as a whole; indicators switched off are no longer polled.
 */
export function ModbusConfigPanel({ groupId, gatewayId }: ModbusConfigPanelProps) {
  const [form] = Form.useForm<ModbusFormValues>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canUpdate = usePermission(Permission.UPDATE);

  const config = useQuery({
    queryKey: indicatorKeys.modbus(groupId, gatewayId),
    queryFn: () => modbusApi.get(groupId, gatewayId),
  });
  // Every gateway indicator is a row here (the server takes at most 1000 per page and per config).
  const rows = useQuery({
    queryKey: [...indicatorKeys.gatewayIndicators(groupId, gatewayId), 'all'],
    queryFn: () => gatewayIndicatorsApi.list(groupId, gatewayId, { page: 0, size: 1000 }),
  });

  useEffect(() => {
    if (config.data && rows.data) form.setFieldsValue(valuesOf(config.data, rows.data.list));
  }, [config.data, rows.data, form]);

  const save = useMutation({
    mutationFn: (body: ModbusConfigBody) => modbusApi.save(groupId, gatewayId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(indicatorKeys.modbus(groupId, gatewayId), saved);
      message.success(`Modbus 配置已保存，采集 ${saved.indicators.length} 个网关指标`);
    },
    onError: (error) => message.error(error.message),
  });

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const settings = parseInto(modbusSettings, values, form);
    const indicators: ModbusConfigBody['indicators'] = [];
    let valid = settings !== null;
    for (const [id, p] of Object.entries(values.points ?? {})) {
      if (!p.enabled) continue;
      const body = parseInto(modbusIndicatorBody, pointBody(Number(id), p), form, ['points', id]);
      if (body) indicators.push(body);
      else valid = false;
    }
    if (valid && settings) save.mutate({ ...settings, indicators });
  };

  const columns = pointColumns();

  const loading = config.isLoading || rows.isLoading;
  return (
    <Form<ModbusFormValues>
      form={form}
      name="modbusConfig"
      layout="inline"
      disabled={!canUpdate}
      onFinish={submit}
      data-testid="modbus-config-panel"
    >
      <Typography.Title level={5} style={{ width: '100%', marginTop: 0 }}>
        串口参数
      </Typography.Title>
      <Form.Item name="baudRate" label="波特率" rules={[schemaRule(settingsShape.baudRate)]}>
        <Select options={options(BAUD_RATES)} style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name="dataBits" label="数据位" rules={[schemaRule(settingsShape.dataBits)]}>
        <Select options={options(DATA_BITS)} style={{ width: 70 }} />
      </Form.Item>
      <Form.Item name="stopBits" label="停止位" rules={[schemaRule(settingsShape.stopBits)]}>
        <Select options={options(STOP_BITS)} style={{ width: 70 }} />
      </Form.Item>
      <Form.Item name="parity" label="校验位" rules={[schemaRule(settingsShape.parity)]}>
        <Select options={PARITY_OPTIONS} style={{ width: 100 }} />
      </Form.Item>
      <Form.Item
        name="pollIntervalSeconds"
        label="采集周期（秒）"
        rules={[{ required: true, message: '请输入采集周期' }, schemaRule(settingsShape.pollIntervalSeconds)]}
      >
        <InputNumber min={1} max={86_400} precision={0} style={{ width: 100 }} />
      </Form.Item>
      <Divider style={{ margin: '16px 0' }} />
      <Typography.Title level={5} style={{ width: '100%', marginTop: 0 }}>
        采集点
        <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal', marginLeft: 8 }}>
          勾选的网关指标按下列位置读取；功能码 01、02 只能使用 bit 数据类型
        </Typography.Text>
      </Typography.Title>
      <Table<GatewayIndicator>
        rowKey="id"
        size="small"
        style={{ width: '100%' }}
        columns={columns}
        dataSource={rows.data?.list ?? []}
        loading={loading}
        scroll={{ x: 1120, y: 480 }}
        pagination={false}
        locale={{
          emptyText: tableEmpty(
            { ...(config.isError ? config : rows), isLoading: loading },
            config.isError ? 'Modbus 参数' : '网关指标',
            <Empty description="该网关还没有网关指标，请先在“网关指标”中添加" />,
          ),
        }}
      />
      {canUpdate && (
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
            保存 Modbus 配置
          </Button>
          <Button
            htmlType="button"
            onClick={() =>
              config.data && rows.data && form.setFieldsValue(valuesOf(config.data, rows.data.list))
            }
          >
            还原
          </Button>
        </Space>
      )}
    </Form>
  );
}
