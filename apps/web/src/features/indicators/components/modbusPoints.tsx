import {
  ANALOG_RANGES,
  BYTE_ORDERS,
  MODBUS_DATA_TYPES,
  MODBUS_FUNCTION_CODES,
  PARITIES,
} from '@iot/contracts/gateways';
import type { GatewayIndicator } from '@iot/contracts/indicators';
import { type ModbusConfig, type ModbusDataType, modbusIndicatorBody } from '@iot/contracts/modbus';
import {
  Checkbox,
  Form,
  type FormRule,
  InputNumber,
  Select,
  Space,
  type TableColumnsType,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { schemaRule } from './formRules';

/** The Modbus form's rows: one per gateway indicator, its point fields, and the bodies they make. */

export interface PointValues {
  enabled: boolean;
  slaveId?: number;
  functionCode?: number;
  address?: number;
  dataType?: ModbusDataType;
  byteOrder?: string;
  scale?: number | null;
  length?: number | null;
  bit?: number | null;
  analogRange?: string | null;
}

export interface ModbusFormValues {
  baudRate: number;
  dataBits: number;
  stopBits: number;
  parity: string;
  pollIntervalSeconds: number;
  points: Record<string, PointValues>;
}

/** Read function codes are polled; write codes (05, 06, 15, 16) belong to remote control. */
const READ_CODES = new Set([1, 2, 3, 4]);
const FUNCTION_CODE_OPTIONS = Object.entries(MODBUS_FUNCTION_CODES).map(([code, label]) => ({
  value: Number(code),
  label: READ_CODES.has(Number(code)) ? label : `${label}（写，用于远程控制）`,
  disabled: !READ_CODES.has(Number(code)),
}));
export const options = <T extends string | number>(values: readonly T[]) =>
  values.map((v) => ({ value: v, label: String(v) }));
export const PARITY_OPTIONS = Object.entries(PARITIES).map(([value, label]) => ({ value, label }));
const NEW_POINT: PointValues = {
  enabled: false,
  slaveId: 1,
  functionCode: 3,
  address: 0,
  dataType: 'UINT16',
  byteOrder: 'ABCD',
};
const pointShape = modbusIndicatorBody.shape;

/** The form's values from a saved configuration: every gateway indicator, polled ones switched on. */
export function valuesOf(config: ModbusConfig, rows: GatewayIndicator[]): ModbusFormValues {
  const saved = new Map(config.indicators.map((p) => [p.gatewayIndicatorId, p]));
  const points: Record<string, PointValues> = {};
  for (const row of rows) {
    const p = saved.get(row.id);
    points[row.id] = p
      ? {
          enabled: true,
          slaveId: p.slaveId,
          functionCode: p.functionCode,
          address: p.address,
          dataType: p.dataType,
          byteOrder: p.byteOrder,
          scale: p.scale ?? null,
          length: p.length ?? null,
          bit: p.bit ?? null,
          analogRange: p.analogRange ?? null,
        }
      : { ...NEW_POINT };
  }
  const { baudRate, dataBits, stopBits, parity, pollIntervalSeconds } = config;
  return { baudRate, dataBits, stopBits, parity, pollIntervalSeconds, points };
}

/** A point's body: empty optional fields left out, fields its data type has no use for too. */
export function pointBody(id: number, p: PointValues) {
  const bitType = p.dataType === 'bit';
  return {
    gatewayIndicatorId: id,
    slaveId: p.slaveId,
    functionCode: p.functionCode,
    address: p.address,
    dataType: p.dataType,
    byteOrder: p.byteOrder,
    ...(p.scale !== null && p.scale !== undefined && !bitType ? { scale: p.scale } : {}),
    ...(p.dataType === 'string' && p.length !== null && p.length !== undefined ? { length: p.length } : {}),
    ...(bitType && p.bit !== null && p.bit !== undefined && (p.functionCode === 3 || p.functionCode === 4)
      ? { bit: p.bit }
      : {}),
    ...(p.analogRange ? { analogRange: p.analogRange } : {}),
  };
}

/** The columns of the points table: whether it is polled, then where and how it is read. */
export function pointColumns(): TableColumnsType<GatewayIndicator> {
  return [
    {
      title: '采集',
      key: 'enabled',
      width: 60,
      fixed: 'left',
      render: (_, row) => (
        <Form.Item name={['points', String(row.id), 'enabled']} valuePropName="checked" noStyle>
          <Checkbox aria-label={`采集 ${row.alias}`} />
        </Form.Item>
      ),
    },
    {
      title: '网关指标',
      key: 'alias',
      width: 130,
      fixed: 'left',
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.alias}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.dataIdentification}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '从站地址',
      key: 'slaveId',
      width: 90,
      render: (_, row) => (
        <PointField id={row.id} name="slaveId" rules={[schemaRule(pointShape.slaveId)]}>
          <InputNumber
            min={1}
            max={247}
            precision={0}
            aria-label={`从站地址 ${row.alias}`}
            style={{ width: 80 }}
          />
        </PointField>
      ),
    },
    {
      title: '功能码',
      key: 'functionCode',
      width: 170,
      render: (_, row) => (
        <PointField id={row.id} name="functionCode" rules={[schemaRule(pointShape.functionCode)]}>
          <Select
            options={FUNCTION_CODE_OPTIONS}
            aria-label={`功能码 ${row.alias}`}
            style={{ width: 150 }}
            popupMatchSelectWidth={false}
          />
        </PointField>
      ),
    },
    {
      title: '寄存器地址',
      key: 'address',
      width: 100,
      render: (_, row) => (
        <PointField id={row.id} name="address" rules={[schemaRule(pointShape.address)]}>
          <InputNumber
            min={0}
            max={65_535}
            precision={0}
            aria-label={`寄存器地址 ${row.alias}`}
            style={{ width: 90 }}
          />
        </PointField>
      ),
    },
    {
      title: '数据类型',
      key: 'dataType',
      width: 110,
      render: (_, row) => (
        <PointField id={row.id} name="dataType" rules={[schemaRule(pointShape.dataType)]}>
          <Select
            options={options(MODBUS_DATA_TYPES)}
            aria-label={`数据类型 ${row.alias}`}
            style={{ width: 96 }}
          />
        </PointField>
      ),
    },
    {
      title: '字节序',
      key: 'byteOrder',
      width: 100,
      render: (_, row) => (
        <PointField id={row.id} name="byteOrder">
          <Select options={options(BYTE_ORDERS)} aria-label={`字节序 ${row.alias}`} style={{ width: 86 }} />
        </PointField>
      ),
    },
    {
      title: '倍率',
      key: 'scale',
      width: 90,
      render: (_, row) => (
        <PointField id={row.id} name="scale" required={false} rules={[schemaRule(pointShape.scale)]}>
          <InputNumber placeholder="1" aria-label={`倍率 ${row.alias}`} style={{ width: 84 }} />
        </PointField>
      ),
    },
    {
      title: '寄存器数',
      key: 'length',
      width: 80,
      render: (_, row) => (
        <Form.Item noStyle dependencies={[['points', String(row.id), 'dataType']]}>
          {({ getFieldValue }) =>
            getFieldValue(['points', String(row.id), 'dataType']) === 'string' ? (
              <PointField id={row.id} name="length" rules={[schemaRule(pointShape.length)]}>
                <InputNumber
                  min={1}
                  max={100}
                  precision={0}
                  aria-label={`寄存器数 ${row.alias}`}
                  style={{ width: 70 }}
                />
              </PointField>
            ) : (
              '—'
            )
          }
        </Form.Item>
      ),
    },
    {
      title: '位序号',
      key: 'bit',
      width: 70,
      render: (_, row) => (
        <Form.Item
          noStyle
          dependencies={[
            ['points', String(row.id), 'dataType'],
            ['points', String(row.id), 'functionCode'],
          ]}
        >
          {({ getFieldValue }) =>
            getFieldValue(['points', String(row.id), 'dataType']) === 'bit' &&
            [3, 4].includes(getFieldValue(['points', String(row.id), 'functionCode'])) ? (
              <PointField id={row.id} name="bit" required={false} rules={[schemaRule(pointShape.bit)]}>
                <InputNumber
                  min={0}
                  max={15}
                  precision={0}
                  placeholder="0"
                  aria-label={`位序号 ${row.alias}`}
                  style={{ width: 60 }}
                />
              </PointField>
            ) : (
              '—'
            )
          }
        </Form.Item>
      ),
    },
    {
      title: '模拟量采集',
      key: 'analogRange',
      width: 120,
      render: (_, row) => (
        <PointField id={row.id} name="analogRange" required={false}>
          <Select
            allowClear
            placeholder="非模拟量"
            options={options(ANALOG_RANGES)}
            aria-label={`模拟量采集 ${row.alias}`}
            style={{ width: 104 }}
          />
        </PointField>
      ),
    },
  ];
}
/** One cell of a point: required while the point is polled, checked with the contracts' rule. */
function PointField({
  id,
  name,
  rules = [],
  required = true,
  children,
}: {
  id: number;
  name: keyof PointValues;
  rules?: FormRule[];
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <Form.Item noStyle dependencies={[['points', String(id), 'enabled']]}>
      {({ getFieldValue }) => {
        const enabled = getFieldValue(['points', String(id), 'enabled']) === true;
        return (
          <Form.Item
            name={['points', String(id), name]}
            style={{ margin: 0 }}
            rules={enabled ? [...(required ? [{ required: true, message: '必填' }] : []), ...rules] : []}
          >
            {children}
          </Form.Item>
        );
      }}
    </Form.Item>
  );
}
