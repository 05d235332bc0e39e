import type { MyGatewayFirm } from '@iot/contracts/gateway-firms';
import { App, Badge, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ScopeCard, ScopeCardList } from '../../../components/ScopeCards';
import { useEnterScope } from '../../../platform/routes/useEnterScope';

/**
 * 我的网关厂商 (/gatewayFirms): the gateway firms the signed-in user belongs to, with their role there,
 * the firm's identification code and its gateways (all, bound to a project, online); 进入厂商 opens
 * the first screen the role grants in the firm (decision 0045).
 */
export function MyGatewayFirms() {
  const enterScope = useEnterScope();
  const { message } = App.useApp();
  const [entering, setEntering] = useState<number | null>(null);

  const enter = async (firm: MyGatewayFirm) => {
    setEntering(firm.id);
    try {
      if (!(await enterScope('firm', firm.id)))
        message.warning(`您在“${firm.name}”没有可访问的功能菜单，请联系厂商管理员分配角色`);
    } catch {
      // The menu could not be asked for: the HTTP client has told the user why.
    } finally {
      setEntering(null);
    }
  };

  return (
    <ScopeCardList<MyGatewayFirm>
      title="我的网关厂商"
      what="网关厂商列表"
      url="/iot/gatewayFirms/byCurUser"
      savedAs="myGatewayFirms"
      searchPlaceholder="厂商名称"
      empty="您还没有加入任何网关厂商"
      noun="网关厂商"
      counted="个网关厂商"
      renderCard={(firm) => (
        <ScopeCard
          testId={`firm-${firm.id}`}
          name={firm.name}
          tags={
            <>
              <Tag color="blue">{firm.roleName ?? '系统管理员'}</Tag>
              <Typography.Text type="secondary">识别码 {firm.identificationCode}</Typography.Text>
            </>
          }
          enter={{ text: '进入厂商', loading: entering === firm.id, onClick: () => void enter(firm) }}
        >
          <Space size={[16, 4]} wrap data-testid="firm-figures">
            <Typography.Text>网关 {firm.gateways} 台</Typography.Text>
            <Typography.Text type="secondary">已绑定 {firm.boundGateways}</Typography.Text>
            <Typography.Text type="secondary">库存 {firm.gateways - firm.boundGateways}</Typography.Text>
            <Badge status="success" text={`在线 ${firm.onlineGateways}`} />
          </Space>
        </ScopeCard>
      )}
    />
  );
}
