import { SUSPENDED_PAY_STATUSES } from '@iot/contracts/projects';
import { noticeDuration } from '@iot/contracts/users';
import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { http } from '../../api/http';
import { LoadError } from '../../components/LoadState';
import { useProjectSettings } from '../../platform/projectSettings';
import { useLoginInfo } from '../../platform/queries';
import { showBuyReminder } from '../purchases/index';

interface IndicatorUsage {
  max: number;
  used: number;
  left: number;
}

/**
 * Entering a project (spec core §4): load its settings; payStatus B → a top-right notice when
 * messages are enabled; C → an info dialog; D/E/F → the arrears page. A set meal that ended
 * before today marks the indicator resource expired; a project over its indicator limit gets a
 * dialog stating the limit.
 */
export function ProjectGate({ groupId, children }: { groupId: number; children: ReactNode }) {
  const settings = useProjectSettings(groupId);
  const project = settings.data;
  const { data: info } = useLoginInfo();
  const { data: usage } = useQuery({
    queryKey: ['indicatorUsage', groupId],
    queryFn: () =>
      http.get<IndicatorUsage>(`/iot/groups/${groupId}/getLeftAccessGatewayIndicatorByGroupId`, {
        quiet: true,
      }),
  });
  const { notification, modal } = App.useApp();
  const announced = useRef<number | null>(null);

  useEffect(() => {
    if (!project || !info || announced.current === project.projectGroupId) return;
    announced.current = project.projectGroupId;
    // Like other messages: 4.5 s, or until closed, by the user's other-message setting (spec core §4).
    const duration = noticeDuration(info.messageSetting.otherMessageOperate);
    if (project.payStatus === 'B' && info.messageSetting.isShowMessage) {
      notification.warning({
        key: `payStatus-${project.projectGroupId}`,
        placement: 'topRight',
        title: '项目即将欠费',
        description: `${project.name} 即将到期，请及时续费。`,
        duration,
        className: 'pay-status-notice',
      });
    }
    if (project.payStatus === 'C') {
      modal.info({ title: '项目已欠费', content: `${project.name} 已欠费，请尽快续费以免停机。` });
    }
    if (project.setMealEndAt !== null && dayjs(project.setMealEndAt).isBefore(dayjs().startOf('day'))) {
      notification.warning({
        key: `setMeal-${project.projectGroupId}`,
        placement: 'topRight',
        title: '监测项资源已到期',
        description: `套餐已于 ${dayjs(project.setMealEndAt).format('YYYY-MM-DD')} 到期，请续费监测项。`,
        duration,
        className: 'set-meal-notice',
      });
    }
  }, [project, info, notification, modal]);

  const warnedUsage = useRef<number | null>(null);
  useEffect(() => {
    // Over the limit: the maximum is not unlimited (-1) and the remaining count is negative.
    if (!usage || usage.max === -1 || usage.left >= 0 || warnedUsage.current === groupId) return;
    warnedUsage.current = groupId;
    // The buy reminder (购买监测项提醒): 立即购买 opens the purchase dialog at 升级监测项配置 (decision 0068).
    showBuyReminder(modal, {
      groupId,
      content: `本项目最多可接入 ${usage.max} 个监测项，当前已接入 ${usage.used} 个。请减少监测项，或购买更多监测项。`,
    });
  }, [usage, groupId, modal]);

  if (project && SUSPENDED_PAY_STATUSES.includes(project.payStatus)) {
    return <Navigate to={`/arrearageProjectPage/${project.projectGroupId}`} replace />;
  }
  if (settings.isError) {
    // Said once here, not by each screen that reads the settings; the screens still open.
    return (
      <div className="project-gate">
        <div className="project-settings-error">
          <LoadError what="项目信息" error={settings.error} onRetry={settings.refetch} inline />
        </div>
        {children}
      </div>
    );
  }
  return children;
}
