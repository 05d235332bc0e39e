import { ToolOutlined } from '@ant-design/icons';
import { Result } from 'antd';

/** Where each area's screens come from: an honest note instead of a fake screen. */
const ARRIVES_WITH: [prefix: string, what: string][] = [
  ['monitoring/', '实时数据、历史数据、趋势、排名与数据修复'],
  ['gateways/', '网关管理、导入导出与接入说明'],
  ['indicators/', '指标与接入配置'],
  ['groups/', '分组树与监测点'],
  ['tool-set/', '工具集'],
  ['projects/ProjectHome', '项目首页的实时概览'],
  ['warnings/', '预警规则、预警列表与分析'],
  ['messages/', '消息中心与消息设置'],
  ['audits/', '审批'],
];

export function UnderConstruction({ title, component }: { title: string; component?: string }) {
  const what = ARRIVES_WITH.find(([prefix]) => component?.startsWith(prefix))?.[1];
  return (
    <Result
      icon={<ToolOutlined />}
      title={`${title} · 建设中`}
      subTitle={
        what
          ? `此页面将提供${what}。功能随后续版本上线，届时无需更改菜单或权限。`
          : '此页面的功能随后续版本上线，届时无需更改菜单或权限。'
      }
      data-testid="under-construction"
    />
  );
}
