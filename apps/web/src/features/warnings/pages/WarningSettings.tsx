import { Card, Result, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { RecipientsTab } from '../components/settings/RecipientsTab';
import { RulesTab } from '../components/settings/RulesTab';
import { TemplatesTab } from '../components/settings/TemplatesTab';
import { WebhooksTab } from '../components/settings/WebhooksTab';

const TABS: [key: string, label: string, render: (groupId: number) => ReactNode][] = [
  ['rules', '预警规则', (groupId) => <RulesTab groupId={groupId} />],
  ['recipients', '通知对象', (groupId) => <RecipientsTab groupId={groupId} />],
  ['templates', '消息模板', (groupId) => <TemplatesTab groupId={groupId} />],
  ['webhooks', 'Webhook', (groupId) => <WebhooksTab groupId={groupId} />],
];

/**
 * 预警设置 (router-warningSetting): the project's warning rules, who is told (recipients and
 * message templates) and other systems told by webhook. The open tab is kept in the address
 * (`?tab=`), so a link or a reload lands on it.
 */
export function WarningSettings() {
  const groupId = useProjectId();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active = TABS.some(([key]) => key === requested) ? requested! : 'rules';

  if (!groupId) return <Result status="warning" title="预警设置只在项目中可用" />;
  return (
    <Card variant="borderless" styles={{ body: { paddingTop: 8 } }}>
      <Tabs
        activeKey={active}
        destroyOnHidden
        onChange={(key) =>
          setParams(
            (current) => {
              current.set('tab', key);
              return current;
            },
            { replace: true },
          )
        }
        items={TABS.map(([key, label, render]) => ({ key, label, children: render(groupId) }))}
      />
    </Card>
  );
}
