import type { MyCorporation } from '@iot/contracts/corporations';
import { App, Badge, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ScopeCard, ScopeCardList } from '../../../components/ScopeCards';
import { useEnterScope } from '../../../platform/routes/useEnterScope';

/**
 * 我的公司 (/corporations): the corporations the signed-in user belongs to, with their role there, the
 * owner, the projects and their gateways online and offline; 进入公司 opens the first screen the role
 * grants in the corporation (decision 0045).
 */
export function MyCorporations() {
  const enterScope = useEnterScope();
  const { message } = App.useApp();
  const [entering, setEntering] = useState<number | null>(null);

  const enter = async (corporation: MyCorporation) => {
    setEntering(corporation.id);
    try {
      if (!(await enterScope('corporation', corporation.id)))
        message.warning(`您在“${corporation.name}”没有可访问的功能菜单，请联系公司管理员分配角色`);
    } catch {
      // The menu could not be asked for: the HTTP client has told the user why.
    } finally {
      setEntering(null);
    }
  };

  return (
    <ScopeCardList<MyCorporation>
      title="我的公司"
      what="公司列表"
      url="/iot/corporations/byCurUser"
      savedAs="myCorporations"
      searchPlaceholder="公司名称"
      empty="您还没有加入任何公司"
      noun="公司"
      counted="个公司"
      renderCard={(corporation) => (
        <ScopeCard
          testId={`corporation-${corporation.id}`}
          name={corporation.name}
          logoUrl={corporation.logoUrl}
          tags={
            <>
              <Tag color="blue">{corporation.roleName ?? '系统管理员'}</Tag>
              <Typography.Text type="secondary">负责人 {corporation.owner}</Typography.Text>
            </>
          }
          enter={{
            text: '进入公司',
            loading: entering === corporation.id,
            onClick: () => void enter(corporation),
          }}
        >
          <Space size={[16, 4]} wrap data-testid="corporation-figures">
            <Typography.Text>项目 {corporation.projects} 个</Typography.Text>
            <Badge status="success" text={`在线 ${corporation.onlineGateways}`} />
            <Badge status="default" text={`离线 ${corporation.offlineGateways}`} />
          </Space>
        </ScopeCard>
      )}
    />
  );
}
