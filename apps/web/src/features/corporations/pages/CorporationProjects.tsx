import type { CorporationProject } from '@iot/contracts/projects';
import { App, Badge, Button, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { checkHasMenus } from '../../../api/scope';
import { PagedListCard } from '../../../components/PagedListCard';
import { projectHomePath } from '../../../platform/routes/generate';
import { useRouteScope } from '../../../platform/routes/useProjectId';
import { PAY_STATUS_LABELS } from '../../projects/index';

/**
 * 企业项目 (/corporations/groups/{id}/projects): the corporation's projects with their pay status,
 * set-meal end, gateways online and offline and today's warnings; 进入 opens a project the user
 * holds a role in (corporation staff are not project members by being corporation staff, decision 0041).
 */
export function CorporationProjects() {
  const scope = useRouteScope();
  const corporationId = scope.type === 'corporation' ? scope.id : 0;
  const navigate = useNavigate();
  const { message } = App.useApp();

  const enter = async (project: CorporationProject) => {
    if (!(await checkHasMenus('project', project.id))) {
      message.warning(`您在“${project.name}”没有可访问的功能菜单，请联系项目管理员分配角色`);
      return;
    }
    navigate(projectHomePath(project.id));
  };

  return (
    <PagedListCard<CorporationProject>
      title="公司项目"
      what="公司项目列表"
      queryKey="corporationProjects"
      url={`/iot/corporations/${corporationId}/projects`}
      rowKey="id"
      searchPlaceholder="项目名称"
      empty="公司下还没有项目"
      counted="个项目"
      scrollX={860}
      columns={[
        {
          title: '项目名称',
          dataIndex: 'name',
          render: (name: string, project) => (
            <Typography.Link onClick={() => void enter(project)} data-testid="corp-project-name">
              {name}
            </Typography.Link>
          ),
        },
        {
          title: '缴费状态',
          dataIndex: 'payStatus',
          width: 130,
          render: (status: CorporationProject['payStatus']) => (
            <Tag color={PAY_STATUS_LABELS[status].color}>{PAY_STATUS_LABELS[status].label}</Tag>
          ),
        },
        {
          title: '套餐到期',
          dataIndex: 'setMealEndAt',
          width: 120,
          render: (at: number | null) => {
            if (at === null) return <Typography.Text type="secondary">未设置</Typography.Text>;
            const expired = dayjs(at).isBefore(dayjs().startOf('day'));
            return (
              <Typography.Text type={expired ? 'danger' : undefined}>
                {dayjs(at).format('YYYY-MM-DD')}
                {expired ? '（已到期）' : ''}
              </Typography.Text>
            );
          },
        },
        {
          title: '网关',
          width: 170,
          render: (_, project) => (
            <Space size={12} data-testid="corp-project-gateways">
              <Badge status="success" text={`在线 ${project.onlineGateways}`} />
              <Badge status="default" text={`离线 ${project.offlineGateways}`} />
            </Space>
          ),
        },
        {
          title: '今日预警',
          dataIndex: 'todayWarnings',
          width: 90,
          render: (n: number) => (
            <Typography.Text type={n > 0 ? 'danger' : 'secondary'} data-testid="corp-project-warnings">
              {n}
            </Typography.Text>
          ),
        },
        {
          title: '操作',
          width: 80,
          render: (_, project) => (
            <Button type="link" size="small" onClick={() => void enter(project)}>
              进入
            </Button>
          ),
        },
      ]}
    />
  );
}
