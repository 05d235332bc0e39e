import { IO_TYPES, type IoType } from '@iot/contracts/gateways';
import {
  type GatewayIndicator,
  gatewayIndicatorBody,
  INDICATOR_TYPES,
  IndicatorMessages,
  MAX_DECIMAL_PLACES,
} from '@iot/contracts/indicators';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Modal, Radio, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { ApiError } from '../../../api/http';
import { DurationInput } from '../../../components/DurationInput';
import { useInfiniteSearch } from '../../../components/useInfiniteSearch';
import { type GatewayIndicatorInput, gatewayIndicatorsApi, indicatorKeys, indicatorsApi } from '../api';
import { parseInto, schemaRule, showFailure } from './formRules';

export type GatewayIndicatorFormState =
  | { mode: 'create' }
  | { mode: 'edit'; gatewayIndicator: GatewayIndicator }
  | null;

interface Values {
  indicatorId?: number;
  alias: string;
  dataIdentification: string;
  ioType: IoType;
  decimalPlaces?: number | null;
  isAutoReposition: boolean;
  repositionDelay?: number;
}

export const IO_TYPE_OPTIONS = Object.entries(IO_TYPES).map(([value, label]) => ({ value, label }));
const fields = gatewayIndicatorBody.shape;

/** 新建 / 编辑 a gateway indicator: which project indicator a payload key of this gateway feeds. */
export function GatewayIndicatorFormModal({
  groupId,
  gatewayId,
  state,
  onClose,
}: {
  groupId: number;
  gatewayId: number;
  state: GatewayIndicatorFormState;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const editing = state?.mode === 'edit' ? state.gatewayIndicator : null;
  const isAutoReposition = Form.useWatch('isAutoReposition', form);
  const indicatorId = Form.useWatch('indicatorId', form);
  const indicators = useInfiniteSearch(
    [...indicatorKeys.indicators(groupId), 'options'],
    (page, size, keyword) => indicatorsApi.list(groupId, { page, size, keyword }),
    { enabled: state !== null },
  );
  const { onSearch: searchIndicators } = indicators;

  useEffect(() => {
    if (!state) return;
    form.resetFields();
    searchIndicators('');
    if (state.mode === 'edit') {
      const {
        indicatorId,
        alias,
        dataIdentification,
        ioType,
        decimalPlaces,
        isAutoReposition,
        repositionDelay,
      } = state.gatewayIndicator;
      form.setFieldsValue({
        indicatorId,
        alias,
        dataIdentification,
        ioType,
        decimalPlaces,
        isAutoReposition,
        repositionDelay,
      });
    } else {
      form.setFieldsValue({ ioType: 'r', isAutoReposition: false, repositionDelay: 0, decimalPlaces: null });
    }
  }, [state, form, searchIndicators]);

  const options = indicators.items.map((i) => ({
    value: i.id,
    label: `${i.name}（${INDICATOR_TYPES[i.type]}${i.unit ? `，${i.unit}` : ''}）`,
    indicator: i,
  }));
  if (editing && !options.some((o) => o.value === editing.indicatorId))
    options.unshift({
      value: editing.indicatorId,
      label: `${editing.indicator.name}（${INDICATOR_TYPES[editing.indicator.type]}）`,
      indicator: { ...editing.indicator, projectId: groupId, usedCount: 1, createdAt: 0 },
    });
  const chosen = options.find((o) => o.value === indicatorId)?.indicator;

  const save = useMutation({
    mutationFn: (body: GatewayIndicatorInput) =>
      editing
        ? gatewayIndicatorsApi.update(groupId, gatewayId, editing.id, body)
        : gatewayIndicatorsApi.create(groupId, gatewayId, body),
    onSuccess: (saved) => {
      message.success(editing ? `网关指标「${saved.alias}」已保存` : `网关指标「${saved.alias}」已添加`);
      void queryClient.invalidateQueries({ queryKey: indicatorKeys.gatewayIndicators(groupId, gatewayId) });
      void queryClient.invalidateQueries({ queryKey: indicatorKeys.quota(groupId) });
      void queryClient.invalidateQueries({ queryKey: indicatorKeys.indicators(groupId) });
      void queryClient.invalidateQueries({ queryKey: indicatorKeys.modbus(groupId, gatewayId) });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.message === IndicatorMessages.DATA_IDENTIFICATION_TAKEN)
        form.setFields([{ name: 'dataIdentification', errors: [error.message] }]);
      else showFailure(error, modal, message.error, groupId);
    },
  });

  const submit = async () => {
    // A refused validation shows on the fields; nothing more to do with it here.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = parseInto(
      gatewayIndicatorBody,
      {
        ...values,
        decimalPlaces: values.decimalPlaces ?? null,
        repositionDelay: values.isAutoReposition ? (values.repositionDelay ?? 0) : 0,
      },
      form,
    );
    if (body) save.mutate(body);
  };

  return (
    <Modal
      open={state !== null}
      title={editing ? `编辑网关指标「${editing.alias}」` : '新建网关指标'}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Form<Values> form={form} layout="vertical" name="gatewayIndicator" preserve={false}>
        <Form.Item name="indicatorId" label="指标" rules={[{ required: true, message: '请选择指标' }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: indicators.onSearch }}
            onPopupScroll={indicators.onPopupScroll}
            placeholder="搜索项目指标"
            loading={indicators.isFetching}
            options={options}
            notFoundContent={indicators.isFetching ? '加载中…' : '没有匹配的指标，请先在指标列表中新建'}
            onChange={(_, option) => {
              const picked = Array.isArray(option) ? undefined : option?.indicator;
              if (picked && !form.getFieldValue('alias')) form.setFieldsValue({ alias: picked.name });
            }}
          />
        </Form.Item>
        <Form.Item
          name="alias"
          label="别名"
          rules={[{ required: true, whitespace: true, message: '请输入别名' }, schemaRule(fields.alias)]}
          validateFirst
        >
          <Input maxLength={64} placeholder="在本网关显示的名称" />
        </Form.Item>
        <Form.Item
          name="dataIdentification"
          label="数据标识"
          extra="设备上报数据中的键，如 cod"
          rules={[
            { required: true, whitespace: true, message: '请输入数据标识' },
            schemaRule(fields.dataIdentification),
          ]}
        >
          <Input maxLength={64} placeholder="如：cod" />
        </Form.Item>
        <Form.Item name="ioType" label="读写类型" rules={[{ required: true, message: '请选择读写类型' }]}>
          <Radio.Group options={IO_TYPE_OPTIONS} optionType="button" />
        </Form.Item>
        {(!chosen || chosen.type === 'float') && (
          <Form.Item
            name="decimalPlaces"
            label="小数位数"
            extra={
              chosen
                ? `留空则跟随指标（${chosen.decimalPlaces} 位）`
                : `留空则跟随指标的小数位数（0～${MAX_DECIMAL_PLACES}）`
            }
            rules={[schemaRule(fields.decimalPlaces.unwrap().unwrap())]}
          >
            <InputNumber
              min={0}
              max={MAX_DECIMAL_PLACES}
              precision={0}
              placeholder="跟随指标"
              style={{ width: 160 }}
            />
          </Form.Item>
        )}
        <Form.Item name="isAutoReposition" label="自动复位" valuePropName="checked">
          <Switch />
        </Form.Item>
        {isAutoReposition && (
          <Form.Item
            name="repositionDelay"
            label="复位延时"
            rules={[
              { required: true, message: '请输入复位延时' },
              schemaRule(fields.repositionDelay.unwrap()),
            ]}
          >
            <DurationInput unit="s" aria-label="复位延时" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
