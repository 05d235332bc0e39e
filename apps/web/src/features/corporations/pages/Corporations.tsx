import { type Corporation, CorporationMessages, createCorporationBody } from '@iot/contracts/corporations';
import { Avatar, Form, Input, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { http } from '../../../api/http';
import { EXCEL_DATE_TIME, excelDate } from '../../../components/exportXlsx';
import { createdAtColumn } from '../../../components/PagedList';
import { ListFormModal, PagedListCard, uniqueRule, useRowActions } from '../../../components/PagedListCard';
import { schemaRule } from '../../../components/schemaRule';

const KEY = 'corporations';
type FormState = { corporation: Corporation | null } | null;

/** 公司管理 (router-system-corporations): corporations, their owner and the look of their screens. */
export function Corporations() {
  const [form, setForm] = useState<FormState>(null);
  const actions = useRowActions<Corporation>({
    width: 130,
    edit: (corporation) => setForm({ corporation }),
    remove: {
      confirm: (c) => `确定删除公司「${c.name}」吗？`,
      description: '公司下还有项目时不能删除。',
      request: (c) => http.delete<null>(`/iot/corporations/${c.id}`),
      done: (c) => `公司「${c.name}」已删除`,
      invalidate: [KEY],
    },
  });

  const columns: TableColumnsType<Corporation> = [
    {
      title: '公司名称',
      dataIndex: 'name',
      width: 220,
      ellipsis: true,
      render: (name: string, c) => (
        <Space>
          <Avatar shape="square" size="small" src={c.logoUrl || undefined}>
            {name.slice(0, 1)}
          </Avatar>
          {name}
        </Space>
      ),
    },
    { title: '负责人', dataIndex: 'owner', width: 110 },
    { title: '负责人手机号', dataIndex: 'ownerMobile', width: 130 },
    { title: '坐标轴规则', dataIndex: 'axisRule', width: 120, render: (rule: string) => rule || '—' },
    createdAtColumn(),
    ...actions,
  ];

  return (
    <>
      <PagedListCard<Corporation>
        title="公司管理"
        what="公司列表"
        queryKey={KEY}
        url="/iot/corporations"
        columns={columns}
        searchPlaceholder="公司名称"
        empty="还没有公司"
        counted="家公司"
        scrollX={900}
        exporting={{
          name: '公司列表',
          columns: [
            { header: '公司名称', key: 'name', width: 30 },
            { header: '负责人', key: 'owner', width: 12 },
            { header: '负责人手机号', key: 'ownerMobile', width: 16 },
            { header: '坐标轴规则', key: 'axisRule', width: 16 },
            { header: '创建时间', key: 'createdAt', width: 20, numFmt: EXCEL_DATE_TIME },
          ],
          row: (c) => ({ ...c, createdAt: excelDate(c.createdAt) }),
        }}
        create={{ onClick: () => setForm({ corporation: null }) }}
      />
      <CorporationFormModal state={form} onClose={() => setForm(null)} />
    </>
  );
}

type CorporationForm = Pick<Corporation, 'name' | 'owner' | 'ownerMobile' | 'logoUrl' | 'axisRule'>;

function CorporationFormModal({ state, onClose }: { state: FormState; onClose(): void }) {
  const [form] = Form.useForm<CorporationForm>();
  const logoUrl = Form.useWatch('logoUrl', form);
  const corporation = state?.corporation ?? null;
  const shape = createCorporationBody.shape;
  return (
    <ListFormModal<CorporationForm, Corporation>
      open={state !== null}
      title={corporation ? `编辑公司「${corporation.name}」` : '新建公司'}
      form={form}
      initialValues={corporation ?? { name: '', owner: '', ownerMobile: '', logoUrl: '', axisRule: '' }}
      save={(v) => {
        const values = {
          name: v.name.trim(),
          owner: v.owner.trim(),
          ownerMobile: v.ownerMobile.trim(),
          logoUrl: (v.logoUrl ?? '').trim(),
          axisRule: (v.axisRule ?? '').trim(),
        };
        return corporation
          ? http.put<Corporation>(`/iot/corporations/${corporation.id}`, values)
          : http.post<Corporation>('/iot/corporations', values);
      }}
      saved={(saved) => `公司「${saved.name}」已${corporation ? '保存' : '创建'}`}
      invalidate={[KEY]}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label="公司名称"
        validateFirst
        validateTrigger={['onChange', 'onBlur']}
        rules={[
          { required: true, whitespace: true, message: '请输入公司名称' },
          schemaRule(shape.name),
          uniqueRule(
            (name) =>
              http.get<boolean>('/iot/corporations/checkName', {
                params: { name, excludeId: corporation?.id },
                quiet: true,
              }),
            CorporationMessages.NAME_TAKEN,
          ),
        ]}
      >
        <Input placeholder="如：滨江水务集团" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="owner"
        label="负责人"
        validateFirst
        rules={[{ required: true, whitespace: true, message: '请输入负责人' }, schemaRule(shape.owner)]}
      >
        <Input placeholder="负责人姓名" maxLength={32} />
      </Form.Item>
      <Form.Item
        name="ownerMobile"
        label="负责人手机号"
        validateFirst
        rules={[{ required: true, message: '请输入负责人手机号' }, schemaRule(shape.ownerMobile)]}
      >
        <Input placeholder="11位手机号" maxLength={11} />
      </Form.Item>
      <Form.Item label="Logo 地址" extra="图片地址（选填），显示在公司的页面上">
        <Space.Compact style={{ width: '100%' }}>
          <Avatar shape="square" src={logoUrl || undefined} style={{ flex: 'none' }}>
            {corporation?.name.slice(0, 1) ?? '企'}
          </Avatar>
          <Form.Item name="logoUrl" noStyle rules={[schemaRule(shape.logoUrl)]}>
            <Input placeholder="如：/iot/files/logo.png 或 https://…" maxLength={512} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item
        name="axisRule"
        label="坐标轴规则"
        extra="图表坐标轴的取值规则（选填）"
        rules={[schemaRule(shape.axisRule)]}
      >
        <Input placeholder="如：auto" maxLength={64} />
      </Form.Item>
    </ListFormModal>
  );
}
