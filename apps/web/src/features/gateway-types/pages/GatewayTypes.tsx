import type { GatewayTypeSummary } from '@iot/contracts/gateway-types';
import { GATEWAY_MODELS, GATEWAY_TYPES } from '@iot/contracts/gateways';
import { useQueryClient } from '@tanstack/react-query';
import { App, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { createdAtColumn } from '../../../components/PagedList';
import { PagedListCard, useRowActions } from '../../../components/PagedListCard';
import { useCurrentRoute } from '../../../platform/routes/currentRoute';
import { useRouteScope } from '../../../platform/routes/useProjectId';
import { gatewayTypeKeys, gatewayTypesApi, type TypeOwner } from '../api';
import { GatewayTypeFormModal, type GatewayTypeFormState } from '../components/GatewayTypeFormModal';

/** The firm or project the screen is shown in (both menus use this one screen). */
function useTypeOwner(): TypeOwner {
  const scope = useRouteScope();
  const kind = scope.type === 'firm' ? 'firm' : 'project';
  const id = scope.type === 'firm' || scope.type === 'project' || scope.type === 'site' ? scope.id : 0;
  return useMemo(() => ({ kind, id }), [kind, id]);
}

/**
 * 网关类型 (router-firmGatewayType, router-gatewayType): templates new gateways are created or
 * imported from — type and model, the indicator template and the Modbus template (decision 0042).
 */
export function GatewayTypes() {
  const owner = useTypeOwner();
  const route = useCurrentRoute();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form, setForm] = useState<GatewayTypeFormState>(null);

  const edit = async (row: GatewayTypeSummary) => {
    try {
      const value = await queryClient.fetchQuery({
        queryKey: [...gatewayTypeKeys.all(owner), 'detail', row.id],
        queryFn: () => gatewayTypesApi.get(owner, row.id),
        staleTime: 0,
      });
      setForm({ mode: 'edit', value });
    } catch (error) {
      message.error(`网关类型加载失败：${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const actions = useRowActions<GatewayTypeSummary>({
    width: 120,
    edit: (row) => void edit(row),
    remove: {
      confirm: (row) => `确定删除网关类型「${row.name}」吗？`,
      description: '已有网关使用该类型时不能删除；删除不影响已创建的网关。',
      request: (row) => gatewayTypesApi.remove(owner, row.id),
      done: (row) => `网关类型「${row.name}」已删除`,
      invalidate: gatewayTypeKeys.all(owner),
    },
  });

  const columns: TableColumnsType<GatewayTypeSummary> = [
    { title: '类型名称', dataIndex: 'name', width: 150, ellipsis: true },
    {
      title: '网关类别',
      dataIndex: 'type',
      width: 110,
      render: (t: keyof typeof GATEWAY_TYPES) => GATEWAY_TYPES[t],
    },
    {
      title: '网关型号',
      dataIndex: 'model',
      width: 130,
      render: (m: keyof typeof GATEWAY_MODELS) => GATEWAY_MODELS[m],
    },
    { title: '指标数', dataIndex: 'indicatorCount', width: 80 },
    { title: 'Modbus点位', dataIndex: 'modbusPointCount', width: 120 },
    { title: '使用的网关', dataIndex: 'gatewayCount', width: 110 },
    { title: '描述', dataIndex: 'description', width: 150, ellipsis: true, render: (t: string) => t || '—' },
    createdAtColumn(190),
    ...actions,
  ];

  return (
    <PagedListCard<GatewayTypeSummary>
      title={route?.title ?? '网关类型'}
      what="网关类型列表"
      queryKey={gatewayTypeKeys.list(owner)}
      savedAs={`gatewayTypes-${owner.kind}`}
      fetchPage={(params) => gatewayTypesApi.page(owner, params)}
      columns={columns}
      searchPlaceholder="名称或描述"
      empty="还没有网关类型"
      counted="个网关类型"
      noun="网关类型"
      create={{ text: '新建网关类型', onClick: () => setForm({ mode: 'create' }) }}
    >
      <GatewayTypeFormModal owner={owner} state={form} onClose={() => setForm(null)} />
    </PagedListCard>
  );
}
