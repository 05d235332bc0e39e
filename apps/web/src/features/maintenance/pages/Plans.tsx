import { Permission } from '@iot/contracts';
import { type Plan, TaskTypeNames } from '@iot/contracts/maintenance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Popconfirm,
  Select,
  Space,
  Switch,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { PagedListCard, useRowActions } from '../../../components/PagedListCard';
import { useCurrentRoute, usePermission } from '../../../platform/routes/currentRoute';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { PlanFormModal, type PlanFormState } from '../components/PlanFormModal';
import { PlanOrdersDrawer } from '../components/PlanOrdersDrawer';
import { planKeys, plansApi } from '../plansApi';

const TYPE_COLORS: Record<number, string> = { 1: 'blue', 2: 'volcano', 4: 'cyan', 8: 'green' };
const FILTERS = { type: '', enabled: '' };

/** 保养计划 (router-maintenancePlan): plans that generate work orders (decision 0052). */
export function Plans() {
  const projectId = useProjectId();
  const route = useCurrentRoute();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<PlanFormState>(null);
  const [ordersOf, setOrdersOf] = useState<Plan | null>(null);
  const canUpdate = usePermission(Permission.UPDATE);
  const refresh = () => queryClient.invalidateQueries({ queryKey: planKeys.all(projectId) });
  const toggle = useMutation({
    mutationFn: (plan: Plan) => plansApi.setEnabled(projectId, plan.id, !plan.enabled),
    onSuccess: (plan) => {
      message.success(`保养计划「${plan.name}」已${plan.enabled ? '启用' : '停用'}`);
      void refresh();
    },
  });
  const generate = useMutation({
    mutationFn: (plan: Plan) => plansApi.generate(projectId, plan.id),
    onSuccess: ({ created }, plan) => {
      message.success(created > 0 ? `已生成 ${created} 张工单` : '没有到期需要生成的工单');
      void refresh();
      if (created > 0) setOrdersOf(plan);
    },
  });

  const actions = useRowActions<Plan>({
    width: 200,
    show: true,
    before: (plan) => (
      <Button type="link" size="small" onClick={() => setOrdersOf(plan)}>
        工单
      </Button>
    ),
    edit: (plan) => setForm({ mode: 'edit', plan }),
    between: (plan) =>
      canUpdate &&
      plan.enabled && (
        <Popconfirm
          title={`立即生成「${plan.name}」到期的工单？`}
          description="与定时生成相同，已生成的不会重复。"
          onConfirm={() => generate.mutateAsync(plan)}
        >
          <Button type="link" size="small">
            立即生成
          </Button>
        </Popconfirm>
      ),
    remove: {
      confirm: (plan) => `确定删除保养计划「${plan.name}」吗？`,
      description: '已生成的工单保留，不再生成新的工单。',
      request: (plan) => plansApi.remove(projectId, plan.id),
      done: (plan) => `保养计划「${plan.name}」已删除`,
      invalidate: planKeys.all(projectId),
    },
  });

  const columns: TableColumnsType<Plan> = [
    { title: '计划名称', dataIndex: 'name', width: 150, ellipsis: true },
    {
      title: '任务类型',
      dataIndex: 'types',
      width: 120,
      render: (types: number) => (
        <Space size={[0, 4]} wrap>
          {([1, 2, 4, 8] as const)
            .filter((t) => (types & t) !== 0)
            .map((t) => (
              <Tag key={t} color={TYPE_COLORS[t]}>
                {TaskTypeNames[t]}
              </Tag>
            ))}
        </Space>
      ),
    },
    { title: '周期', dataIndex: 'scheduleText', width: 180, ellipsis: true },
    {
      title: '对象',
      key: 'targets',
      width: 110,
      ellipsis: true,
      render: (_, plan) =>
        [...plan.groups.map((g) => g.name), ...plan.equipmentIds.map((id) => `设备#${id}`)].join('、') ||
        '全项目',
    },
    { title: '执行人', dataIndex: 'assigneeText', width: 110, ellipsis: true },
    {
      title: '下次',
      dataIndex: 'nextAt',
      width: 130,
      render: (next: number | null, plan) =>
        next !== null ? (
          dayjs(next).format('YYYY-MM-DD HH:mm')
        ) : (
          <Typography.Text type="secondary">
            {!plan.enabled
              ? '已停用'
              : plan.schedule.unit === 'runHours'
                ? '按运行小时'
                : plan.schedule.basis === 'completion'
                  ? '完成后计算'
                  : '已结束'}
          </Typography.Text>
        ),
    },
    { title: '已生成', dataIndex: 'orderCount', width: 70 },
    {
      title: '启用',
      dataIndex: 'enabled',
      width: 70,
      render: (enabled: boolean, plan) => (
        <Tooltip title={canUpdate ? undefined : '没有修改权限'}>
          <Switch
            size="small"
            checked={enabled}
            disabled={!canUpdate}
            loading={toggle.isPending && toggle.variables?.id === plan.id}
            aria-label={`启用「${plan.name}」`}
            onChange={() => toggle.mutate(plan)}
          />
        </Tooltip>
      ),
    },
    // The actions stay in view when the table scrolls sideways.
    ...actions.map((column) => ({ ...column, fixed: 'right' as const })),
  ];

  return (
    <PagedListCard<Plan, typeof FILTERS>
      title={route?.title ?? '保养计划'}
      what="保养计划列表"
      queryKey={planKeys.list(projectId)}
      savedAs="maintenancePlans"
      fetchPage={(params) => plansApi.page(projectId, params)}
      columns={columns}
      searchPlaceholder="计划名称或说明"
      empty="还没有保养计划"
      counted="个计划"
      noun="保养计划"
      filters={{
        defaults: FILTERS,
        render: (values, set) => (
          <>
            <Select
              aria-label="任务类型"
              style={{ width: 110 }}
              value={values.type}
              onChange={(type) => set({ type })}
              options={[
                { value: '', label: '全部类型' },
                ...([1, 2, 4, 8] as const).map((t) => ({ value: String(t), label: TaskTypeNames[t] })),
              ]}
            />
            <Select
              aria-label="启用状态"
              style={{ width: 110 }}
              value={values.enabled}
              onChange={(enabled) => set({ enabled })}
              options={[
                { value: '', label: '全部状态' },
                { value: 'true', label: '已启用' },
                { value: 'false', label: '已停用' },
              ]}
            />
          </>
        ),
      }}
      create={{ text: '新建计划', onClick: () => setForm({ mode: 'create' }) }}
    >
      <PlanFormModal projectId={projectId} state={form} onClose={() => setForm(null)} />
      <PlanOrdersDrawer projectId={projectId} plan={ordersOf} onClose={() => setOrdersOf(null)} />
    </PagedListCard>
  );
}
