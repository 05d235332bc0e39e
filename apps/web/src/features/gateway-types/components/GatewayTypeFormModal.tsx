import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  type GatewayTypeBody,
  type GatewayTypeDetail,
  GatewayTypeMessages,
  gatewayTypeBody,
  type TemplateIndicatorInput,
} from '@iot/contracts/gateway-types';
import {
  BAUD_RATES,
  DATA_BITS,
  GATEWAY_MODELS,
  GATEWAY_TYPES,
  IO_TYPES,
  MODBUS_DATA_TYPES,
  PARITIES,
  STOP_BITS,
} from '@iot/contracts/gateways';
import {
  DATA_IDENTIFICATION_PATTERN,
  decimalPlaces,
  INDICATOR_TYPES,
  IndicatorMessages,
} from '@iot/contracts/indicators';
import {
  DEFAULT_MODBUS_SETTINGS,
  type ModbusPoint,
  modbusIndicatorBody,
  modbusSettings,
} from '@iot/contracts/modbus';
import {
  App,
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Table,
  Typography,
  Upload,
} from 'antd';
import { ListFormModal, uniqueRule } from '../../../components/PagedListCard';
import { schemaRule } from '../../../components/schemaRule';
import { UnitSelect } from '../../units';
import { gatewayTypeKeys, gatewayTypesApi, type TypeOwner } from '../api';
import { enumsToText, templateOfThingModel, textToEnums } from '../thingModel';

export type GatewayTypeFormState = { mode: 'create' } | { mode: 'edit'; value: GatewayTypeDetail } | null;

/** One row of the indicator template as the editor holds it. */
interface TemplateRow {
  name: string;
  identifier: string;
  type: TemplateIndicatorInput['type'];
  unit?: string;
  decimalPlaces?: number;
  enums?: string;
  ioType: 'r' | 'w' | 'rw';
  slaveId?: number | null;
  functionCode?: 1 | 2 | 3 | 4;
  address?: number | null;
  dataType?: ModbusPoint['dataType'];
}

interface Values {
  name: string;
  type: GatewayTypeBody['type'];
  model: GatewayTypeBody['model'];
  description?: string;
  modbusSettings: GatewayTypeBody['modbusSettings'];
  indicators: TemplateRow[];
}

const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));
const NEW_ROW: TemplateRow = {
  name: '',
  identifier: '',
  type: 'float',
  unit: '',
  decimalPlaces: 2,
  ioType: 'r',
};
const READ_CODES = [1, 2, 3, 4].map((code) => ({ value: code, label: `0${code}` }));
const isModbus = (model: string | undefined) => model === 'dtuModbus';

function rowOf(item: TemplateIndicatorInput): TemplateRow {
  return {
    name: item.name,
    identifier: item.identifier,
    type: item.type,
    unit: item.unit ?? '',
    decimalPlaces: item.decimalPlaces ?? 2,
    enums: enumsToText(item.indicatorEnums),
    ioType: item.ioType ?? 'r',
    slaveId: item.modbus?.slaveId ?? null,
    functionCode: item.modbus?.functionCode,
    address: item.modbus?.address ?? null,
    dataType: item.modbus?.dataType,
  };
}

/** The request body the editor's values make; Modbus points only for a DTU Modbus model with an address. */
function bodyOf(values: Values): GatewayTypeBody {
  const modbus = isModbus(values.model);
  return {
    name: values.name,
    type: values.type,
    model: values.model,
    description: values.description ?? '',
    modbusSettings: modbus ? values.modbusSettings : null,
    indicators: (values.indicators ?? []).map((row) => ({
      name: row.name,
      identifier: row.identifier,
      type: row.type,
      unit: row.unit ?? '',
      decimalPlaces: row.decimalPlaces ?? 0,
      indicatorEnums: row.type === 'enum' ? textToEnums(row.enums) : [],
      ioType: row.ioType,
      modbus:
        modbus && row.address !== null && row.address !== undefined
          ? {
              slaveId: row.slaveId ?? 1,
              functionCode: row.functionCode ?? 3,
              address: row.address,
              dataType: row.dataType ?? 'float32',
              byteOrder: 'ABCD',
            }
          : null,
    })),
  };
}

/**
 * 新建 / 编辑 a gateway type: its name (unique in the firm or project), the gateway type and model,
 * the indicator template (a table, filled by hand or from a thing-model JSON file) and, for DTU
 * Modbus, the serial settings and each indicator's register.
 */
export function GatewayTypeFormModal({
  owner,
  state,
  onClose,
}: {
  owner: TypeOwner;
  state: GatewayTypeFormState;
  onClose(): void;
}) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const editing = state?.mode === 'edit' ? state.value : null;
  const model = Form.useWatch('model', form);
  const modbus = isModbus(model);

  const importThingModel = async (file: File) => {
    const result = templateOfThingModel(await file.text());
    if ('error' in result) {
      message.error(result.error);
      return;
    }
    const current: TemplateRow[] = form.getFieldValue('indicators') ?? [];
    const keys = new Set(current.map((row) => row.identifier));
    const added = result.rows.filter((row) => !keys.has(row.identifier)).map(rowOf);
    form.setFieldValue('indicators', [...current.filter((row) => row.name || row.identifier), ...added]);
    message.success(
      `已从物模型导入 ${added.length} 个指标${added.length < result.rows.length ? `，跳过 ${result.rows.length - added.length} 个已有数据标识` : ''}`,
    );
  };

  return (
    <ListFormModal<Values, GatewayTypeDetail>
      open={state !== null}
      title={editing ? `编辑网关类型「${editing.name}」` : '新建网关类型'}
      width={1100}
      form={form}
      initialValues={
        editing
          ? {
              name: editing.name,
              type: editing.type,
              model: editing.model,
              description: editing.description,
              modbusSettings: editing.modbusSettings ?? DEFAULT_MODBUS_SETTINGS,
              indicators: editing.indicators.map(rowOf),
            }
          : {
              type: 'ordinary',
              model: 'direct',
              modbusSettings: DEFAULT_MODBUS_SETTINGS,
              indicators: [],
            }
      }
      save={(values) => {
        const body = bodyOf(values);
        return editing
          ? gatewayTypesApi.update(owner, editing.id, body)
          : gatewayTypesApi.create(owner, body);
      }}
      saved={(type) => (editing ? `网关类型「${type.name}」已保存` : `网关类型「${type.name}」已新建`)}
      invalidate={gatewayTypeKeys.all(owner)}
      onClose={onClose}
      reportError
    >
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="name"
            label="类型名称"
            validateFirst
            validateTrigger={['onChange', 'onBlur']}
            rules={[
              { required: true, whitespace: true, message: '类型名称不能为空' },
              schemaRule(gatewayTypeBody.shape.name),
              uniqueRule(
                (name) => gatewayTypesApi.checkName(owner, name, editing?.id),
                GatewayTypeMessages.NAME_TAKEN,
                64,
              ),
            ]}
          >
            <Input maxLength={64} placeholder="例如 水质监测箱 A 型" />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="type" label="网关类别">
            <Select options={options(GATEWAY_TYPES)} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="model" label="网关型号">
            <Select options={options(GATEWAY_MODELS)} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="description" label="描述">
        <Input maxLength={200} placeholder="可不填" />
      </Form.Item>
      {modbus && (
        <>
          <Typography.Text strong>Modbus 模板</Typography.Text>
          <Row gutter={12} style={{ marginTop: 8 }}>
            <Col xs={12} md={5}>
              <Form.Item name={['modbusSettings', 'baudRate']} label="波特率">
                <Select options={BAUD_RATES.map((v) => ({ value: v, label: v }))} />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name={['modbusSettings', 'dataBits']} label="数据位">
                <Select options={DATA_BITS.map((v) => ({ value: v, label: v }))} />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name={['modbusSettings', 'stopBits']} label="停止位">
                <Select options={STOP_BITS.map((v) => ({ value: v, label: v }))} />
              </Form.Item>
            </Col>
            <Col xs={12} md={5}>
              <Form.Item name={['modbusSettings', 'parity']} label="校验位">
                <Select options={options(PARITIES)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                name={['modbusSettings', 'pollIntervalSeconds']}
                label="采集周期（秒）"
                rules={[
                  { required: true, message: '采集周期不能为空' },
                  schemaRule(modbusSettings.shape.pollIntervalSeconds),
                ]}
              >
                <InputNumber min={1} max={86_400} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
      <Form.List name="indicators">
        {(fields, { add, remove }) => (
          <>
            <Space wrap style={{ marginBottom: 8, justifyContent: 'space-between', width: '100%' }}>
              <Typography.Text strong>指标模板（{fields.length} 个）</Typography.Text>
              <Space wrap>
                <Upload
                  accept=".json"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    if (!/\.json$/i.test(file.name)) message.error(IndicatorMessages.THING_MODEL_FILE);
                    else void importThingModel(file);
                    return false;
                  }}
                >
                  <Button icon={<UploadOutlined />}>导入物模型</Button>
                </Upload>
                <Button icon={<PlusOutlined />} onClick={() => add({ ...NEW_ROW })}>
                  添加指标
                </Button>
              </Space>
            </Space>
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={fields}
              scroll={{ x: modbus ? 1380 : 940, y: 360 }}
              locale={{ emptyText: '还没有指标：添加指标，或导入物模型 JSON 文件' }}
              columns={[
                {
                  title: '指标名称',
                  width: 150,
                  render: (_, field) => (
                    <Form.Item
                      name={[field.name, 'name']}
                      noStyle={false}
                      style={{ margin: 0 }}
                      rules={[{ required: true, whitespace: true, message: '指标名称不能为空' }]}
                    >
                      <Input aria-label="指标名称" maxLength={64} />
                    </Form.Item>
                  ),
                },
                {
                  title: '数据标识',
                  width: 140,
                  render: (_, field) => (
                    <Form.Item
                      name={[field.name, 'identifier']}
                      style={{ margin: 0 }}
                      rules={[
                        { required: true, message: '数据标识不能为空' },
                        {
                          pattern: DATA_IDENTIFICATION_PATTERN,
                          message: IndicatorMessages.DATA_IDENTIFICATION_FORMAT,
                        },
                      ]}
                    >
                      <Input aria-label="数据标识" maxLength={64} />
                    </Form.Item>
                  ),
                },
                {
                  title: '数据类型',
                  width: 100,
                  render: (_, field) => (
                    <Form.Item name={[field.name, 'type']} style={{ margin: 0 }}>
                      <Select aria-label="数据类型" options={options(INDICATOR_TYPES)} />
                    </Form.Item>
                  ),
                },
                {
                  title: '单位',
                  width: 130,
                  render: (_, field) => (
                    <Form.Item name={[field.name, 'unit']} style={{ margin: 0 }}>
                      {owner.kind === 'project' ? (
                        <UnitSelect projectId={owner.id} />
                      ) : (
                        <Input aria-label="单位" maxLength={16} />
                      )}
                    </Form.Item>
                  ),
                },
                {
                  title: '小数位',
                  width: 80,
                  render: (_, field) => (
                    <Form.Item
                      name={[field.name, 'decimalPlaces']}
                      style={{ margin: 0 }}
                      rules={[schemaRule(decimalPlaces)]}
                    >
                      <InputNumber
                        aria-label="小数位"
                        min={0}
                        max={6}
                        precision={0}
                        style={{ width: '100%' }}
                      />
                    </Form.Item>
                  ),
                },
                {
                  title: '枚举值',
                  width: 150,
                  render: (_, field) => (
                    <Form.Item noStyle dependencies={[['indicators', field.name, 'type']]}>
                      {() =>
                        form.getFieldValue(['indicators', field.name, 'type']) === 'enum' ? (
                          <Form.Item
                            name={[field.name, 'enums']}
                            style={{ margin: 0 }}
                            rules={[{ required: true, message: IndicatorMessages.ENUMS_REQUIRED }]}
                          >
                            <Input aria-label="枚举值" placeholder="0=停,1=运行" />
                          </Form.Item>
                        ) : (
                          <Typography.Text type="secondary">—</Typography.Text>
                        )
                      }
                    </Form.Item>
                  ),
                },
                {
                  title: '读写',
                  width: 90,
                  render: (_, field) => (
                    <Form.Item name={[field.name, 'ioType']} style={{ margin: 0 }}>
                      <Select aria-label="读写" options={options(IO_TYPES)} />
                    </Form.Item>
                  ),
                },
                ...(modbus
                  ? [
                      {
                        title: '从站',
                        width: 80,
                        render: (_: unknown, field: { name: number }) => (
                          <Form.Item
                            name={[field.name, 'slaveId']}
                            style={{ margin: 0 }}
                            rules={[schemaRule(modbusIndicatorBody.shape.slaveId)]}
                          >
                            <InputNumber
                              aria-label="从站地址"
                              min={1}
                              max={247}
                              precision={0}
                              placeholder="1"
                            />
                          </Form.Item>
                        ),
                      },
                      {
                        title: '功能码',
                        width: 90,
                        render: (_: unknown, field: { name: number }) => (
                          <Form.Item name={[field.name, 'functionCode']} style={{ margin: 0 }}>
                            <Select aria-label="功能码" options={READ_CODES} placeholder="03" />
                          </Form.Item>
                        ),
                      },
                      {
                        title: '寄存器地址',
                        width: 100,
                        render: (_: unknown, field: { name: number }) => (
                          <Form.Item
                            name={[field.name, 'address']}
                            style={{ margin: 0 }}
                            rules={[schemaRule(modbusIndicatorBody.shape.address)]}
                          >
                            <InputNumber
                              aria-label="寄存器地址"
                              min={0}
                              max={65_535}
                              precision={0}
                              placeholder="不采集"
                              style={{ width: '100%' }}
                            />
                          </Form.Item>
                        ),
                      },
                      {
                        title: '寄存器类型',
                        width: 120,
                        render: (_: unknown, field: { name: number }) => (
                          <Form.Item name={[field.name, 'dataType']} style={{ margin: 0 }}>
                            <Select
                              aria-label="寄存器类型"
                              placeholder="float32"
                              options={MODBUS_DATA_TYPES.map((v) => ({ value: v, label: v }))}
                            />
                          </Form.Item>
                        ),
                      },
                    ]
                  : []),
                {
                  title: '',
                  width: 56,
                  fixed: 'right' as const,
                  render: (_, field) => (
                    <Button
                      type="text"
                      danger
                      aria-label="移除指标"
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                    />
                  ),
                },
              ]}
            />
          </>
        )}
      </Form.List>
    </ListFormModal>
  );
}
