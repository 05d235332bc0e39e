import { type GatewayFirm, GatewayFirmMessages, gatewayFirmBody } from '@iot/contracts/gateway-firms';
import { Form, Input, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { http } from '../../../api/http';
import { EXCEL_DATE_TIME, excelDate } from '../../../components/exportXlsx';
import { createdAtColumn } from '../../../components/PagedList';
import { ListFormModal, PagedListCard, uniqueRule, useRowActions } from '../../../components/PagedListCard';
import { schemaRule } from '../../../components/schemaRule';

const KEY = 'gatewayFirms';
type FormState = { firm: GatewayFirm | null } | null;

/** 网关厂商 (router-system-gatewayFirms): the firms that make gateways, and their serial-number prefix. */
export function GatewayFirms() {
  const [form, setForm] = useState<FormState>(null);
  const actions = useRowActions<GatewayFirm>({
    width: 140,
    edit: (firm) => setForm({ firm }),
    remove: {
      confirm: (firm) => `确定删除网关厂商「${firm.name}」吗？`,
      description: '厂商的角色和成员一并删除。',
      request: (firm) => http.delete<null>(`/iot/gatewayFirms/${firm.id}`),
      done: (firm) => `网关厂商「${firm.name}」已删除`,
      invalidate: [KEY],
    },
  });

  const columns: TableColumnsType<GatewayFirm> = [
    { title: '厂商名称', dataIndex: 'name', width: 220, ellipsis: true },
    { title: '识别码', dataIndex: 'identificationCode', width: 140 },
    createdAtColumn(),
    ...actions,
  ];

  return (
    <>
      <PagedListCard<GatewayFirm>
        title="网关厂商"
        what="网关厂商列表"
        queryKey={KEY}
        url="/iot/gatewayFirms"
        scrollX={800}
        columns={columns}
        searchPlaceholder="厂商名称"
        empty="还没有网关厂商"
        counted="个网关厂商"
        exporting={{
          name: '网关厂商列表',
          columns: [
            { header: '厂商名称', key: 'name', width: 30 },
            { header: '识别码', key: 'identificationCode', width: 14 },
            { header: '创建时间', key: 'createdAt', width: 20, numFmt: EXCEL_DATE_TIME },
          ],
          row: (f) => ({
            name: f.name,
            identificationCode: f.identificationCode,
            createdAt: excelDate(f.createdAt),
          }),
        }}
        create={{ onClick: () => setForm({ firm: null }) }}
      />
      <FirmFormModal state={form} onClose={() => setForm(null)} />
    </>
  );
}

interface FirmForm {
  name: string;
  identificationCode: string;
}

function FirmFormModal({ state, onClose }: { state: FormState; onClose(): void }) {
  const [form] = Form.useForm<FirmForm>();
  const firm = state?.firm ?? null;
  return (
    <ListFormModal<FirmForm, GatewayFirm>
      open={state !== null}
      title={firm ? `编辑网关厂商「${firm.name}」` : '新建网关厂商'}
      form={form}
      initialValues={firm ?? { name: '', identificationCode: '' }}
      save={(v) => {
        const values = { name: v.name.trim(), identificationCode: v.identificationCode.trim() };
        return firm
          ? http.put<GatewayFirm>(`/iot/gatewayFirms/${firm.id}`, values)
          : http.post<GatewayFirm>('/iot/gatewayFirms', values);
      }}
      saved={(saved) => `网关厂商「${saved.name}」已${firm ? '保存' : '创建'}`}
      invalidate={[KEY]}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label="厂商名称"
        validateFirst
        validateTrigger={['onChange', 'onBlur']}
        rules={[
          { required: true, whitespace: true, message: '请输入厂商名称' },
          schemaRule(gatewayFirmBody.shape.name),
          uniqueRule(
            (name) =>
              http.get<boolean>('/iot/gatewayFirms/checkName', {
                params: { name, excludeId: firm?.id },
                quiet: true,
              }),
            GatewayFirmMessages.NAME_TAKEN,
          ),
        ]}
      >
        <Input placeholder="如：华控智能" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="identificationCode"
        label="识别码"
        extra="厂商网关序列号的前缀，字母和数字，2～16位，保存为大写"
        validateFirst
        rules={[
          { required: true, whitespace: true, message: '请输入识别码' },
          schemaRule(gatewayFirmBody.shape.identificationCode),
        ]}
      >
        <Input placeholder="如：HK" maxLength={16} />
      </Form.Item>
    </ListFormModal>
  );
}
