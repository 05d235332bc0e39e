import { hasPermission, Permission } from '@iot/contracts';
import { App, Button } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useScopeMenus } from '../../../platform/queries';
import { generateRoutes } from '../../../platform/routes/generate';
import { useScreenHref } from '../../../platform/routes/mobile';
import { useOrderFromWarning, useWarningOrders } from '../api';

const MENU = 'router-maintenanceTaskList';

/** 工单管理 in the user's project menu: its path and the caller's bits there (none: no route). */
export function useWorkOrderScreen(groupId: number): { path: string; permission: number } | null {
  const menus = useScopeMenus({ type: 'project', id: groupId });
  return useMemo(() => {
    const route = generateRoutes(menus.data ?? [], { type: 'project', id: groupId }).find(
      (r) => r.code === MENU,
    );
    return route ? { path: route.path, permission: route.permission } : null;
  }, [menus.data, groupId]);
}

/**
 * 转工单 / 查看工单 for warning rows: one click makes the order from the warning (needs create on
 * 工单管理) and offers to open it; a warning already converted links to its order (needs read).
 * `render` is null when the caller may do neither (no column then).
 */
export function useWarningOrderActions(
  groupId: number,
  warningIds: number[],
): ((warningId: number) => ReactNode) | null {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const screen = useWorkOrderScreen(groupId);
  const canRead = screen !== null && hasPermission(screen.permission, Permission.READ);
  const canCreate = canRead && hasPermission(screen.permission, Permission.CREATE);
  const orders = useWarningOrders(groupId, warningIds, canRead);
  const convert = useOrderFromWarning(groupId);
  const href = useScreenHref();
  const byWarning = useMemo(() => new Map((orders.data ?? []).map((o) => [o.warningId, o])), [orders.data]);
  if (!canRead || !screen) return null;
  const open = (id: number) => navigate(href(`${screen.path}?orderId=${id}`));
  return (warningId) => {
    const order = byWarning.get(warningId);
    if (order)
      return (
        <Button
          type="link"
          size="small"
          onClick={() => open(order.id)}
          title={`${order.code} · ${order.statusName}`}
        >
          查看工单
        </Button>
      );
    if (!canCreate || orders.isLoading) return null;
    return (
      <Button
        type="link"
        size="small"
        loading={convert.isPending && convert.variables === warningId}
        onClick={() =>
          convert.mutate(warningId, {
            onSuccess: (created) =>
              modal.confirm({
                title: '已生成工单',
                content: `工单 ${created.code}「${created.title}」已创建，状态为${created.statusName}。`,
                okText: '打开工单',
                cancelText: '留在此页',
                onOk: () => open(created.id),
              }),
          })
        }
      >
        转工单
      </Button>
    );
  };
}
