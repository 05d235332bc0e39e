import { Card, Space, Table, Typography } from 'antd';

/** The address of the live data socket's part of /interfaceDocument. */
export const LIVE_SOCKET_SLUG = 'live-socket';
export const LIVE_SOCKET_TITLE = '实时数据连接（WebSocket）';

const Code = ({ children }: { children: string }) => (
  <pre className="doc-code" style={{ margin: 0, overflow: 'auto', whiteSpace: 'pre' }}>
    {children}
  </pre>
);

const QUERY = [
  { key: 'token', meaning: '访问令牌（与 REST 接口 Authorization 请求头中的相同）' },
  { key: 'isAnonymous', meaning: 'true 或 1：无需登录，只能订阅示范项目的网关（免登录大屏）' },
  {
    key: 'isCleanData、isCalibration',
    meaning: '接受但不改变行为：数值发送前已按指标类型、小数位与枚举规整',
  },
];
const MESSAGES = [
  { type: 'pong', meaning: '回应 ping，带同一 id' },
  { type: 'subscribed', meaning: 'gateways：可订阅的网关；refused：无权订阅或不存在的网关（两者不作区分）' },
  { type: 'unsubscribed', meaning: '回应 unsubscribe，列出已退订的网关' },
  {
    type: 'notify',
    meaning:
      'data.gateway：网关 id；data.params：数据标识 → 数值（文本指标为字符串）；data.ts：最新采样时间（毫秒）。带 getLastData 订阅时，subscribed 之后立即为每个网关发送一条当前值',
  },
  {
    type: 'error',
    meaning: '非 JSON（指令不是 JSON）、未知指令（无法识别的指令）或处理失败（指令处理失败）；连接保持打开',
  },
];
const CLOSES = [
  { code: '4008', when: '客户端超过 LIVE_SOCKET_IDLE 秒（默认 40）未发送任何内容；网页端每 15 秒 ping 一次' },
  { code: '4001', when: '令牌对应的会话已结束：退出登录、被撤销、账号停用或到期' },
  { code: '1006', when: '服务器停止（无关闭帧）；请重新连接（任一节点均可）' },
];

/**
 * The live data socket's wire format (docs/live-socket.md) on /interfaceDocument: the REST
 * document comes from the server's OpenAPI, this socket has none, so it is written here.
 */
export function LiveSocketDoc() {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="live-socket-doc">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {LIVE_SOCKET_TITLE}
      </Typography.Title>
      <Card size="small" title="连接地址">
        <Code>
          {'ws[s]://<主机>/data-server/ws?token=<访问令牌>\nws[s]://<主机>/data-server/ws?isAnonymous=true'}
        </Code>
        <Table
          style={{ marginTop: 12 }}
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={QUERY}
          columns={[
            { title: '查询参数', dataIndex: 'key', width: 200 },
            { title: '说明', dataIndex: 'meaning' },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          既无有效令牌也无 isAnonymous 时握手以 HTTP 401 拒绝；数据库不可用时以 HTTP 503 拒绝（稍后重试）。
        </Typography.Paragraph>
      </Card>
      <Card size="small" title="指令（客户端 → 服务器）">
        <Typography.Paragraph>
          每条指令是一个 JSON 文本帧，含 id（字符串或数字，应答中原样带回）与 type。每条指令至多 1000
          个网关，一帧至多 64 KiB；网关 id 为字符串，也接受数字。
        </Typography.Paragraph>
        <Code>
          {[
            '{ "id": 1, "type": "ping" }',
            '{ "id": 2, "type": "subscribe", "gateways": ["17", "18"], "getLastData": true }',
            '{ "id": 3, "type": "unsubscribe", "gateways": ["17"] }',
          ].join('\n')}
        </Code>
      </Card>
      <Card size="small" title="消息（服务器 → 客户端）">
        <Code>
          {[
            '{ "type": "pong", "id": 1 }',
            '{ "type": "subscribed", "id": 2, "gateways": ["17"], "refused": ["18"] }',
            '{ "type": "unsubscribed", "id": 3, "gateways": ["17"] }',
            '{ "type": "notify", "data": { "gateway": "17", "params": { "cod": 23.4, "pump1": 1 }, "ts": 1795000000000 } }',
            '{ "type": "error", "id": 2, "message": "指令处理失败" }',
          ].join('\n')}
        </Code>
        <Table
          style={{ marginTop: 12 }}
          size="small"
          rowKey="type"
          pagination={false}
          dataSource={MESSAGES}
          columns={[
            { title: 'type', dataIndex: 'type', width: 120 },
            { title: '说明', dataIndex: 'meaning' },
          ]}
        />
      </Card>
      <Card size="small" title="订阅范围、保活与关闭">
        <Typography.Paragraph>
          登录用户可订阅其所属项目与网关厂商的网关（与角色无关），系统管理员可订阅全部网关，匿名连接只能订阅示范项目的网关。
          网关绑定、解绑、转移、删除或成员与角色变化时重新判断，已无权查看的网关不再推送。
        </Typography.Paragraph>
        <Typography.Paragraph>
          网页端每 15 秒发送 ping，pong 超过 10 秒未到即关闭连接，非正常关闭 1
          秒后重连并重新订阅。客户端读取过慢、积压超过 1 MiB 时丢弃期间的数值。
        </Typography.Paragraph>
        <Table
          size="small"
          rowKey="code"
          pagination={false}
          dataSource={CLOSES}
          columns={[
            { title: '关闭码', dataIndex: 'code', width: 120 },
            { title: '何时', dataIndex: 'when' },
          ]}
        />
      </Card>
    </Space>
  );
}
