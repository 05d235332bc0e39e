import { Badge, Card, Empty, Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { LiveTile } from '../components/LiveCells';
import { TokenVars } from '../components/TokenVars';
import { useLiveGateways, useLiveVersion } from '../live/useLiveGateways';

/**
 * /viewLastData (spec core §2, tech theme, no sign-in): the latest values of the gateways named in
 * the address (?gatewayId=1 or ?gatewayIds=1,2), live over the anonymous data socket — which
 * serves demo projects' gateways only. Without sign-in there is no indicator metadata to read, so
 * values show under their data identification as the device sends them.
 */
export function ViewLastData() {
  const [params] = useSearchParams();
  const ids = useMemo(
    () =>
      [...params.getAll('gatewayId'), ...params.getAll('gatewayIds')]
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter((v) => /^\d+$/.test(v)),
    [params],
  );
  const live = useLiveGateways(ids, { anonymous: true });
  const version = useLiveVersion(live.store);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keys change with the store's version
  const byGateway = useMemo(() => {
    const groups = new Map<string, string[]>(ids.map((id) => [id, []]));
    for (const key of live.store.keys()) {
      const gateway = key.slice(0, key.indexOf(':'));
      groups.get(gateway)?.push(key);
    }
    for (const keys of groups.values()) keys.sort();
    return [...groups];
  }, [ids, live.store, version]);

  return (
    <div style={{ minHeight: '100vh', background: 'var(--shell-page-bg)', padding: 24 }}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 20 }}>
        <Typography.Title level={3} style={{ margin: 0, color: 'var(--shell-header-text)' }}>
          最新数据
        </Typography.Title>
        <Badge
          status={live.status === 'open' ? 'success' : live.status === 'closed' ? 'error' : 'processing'}
          text={
            <span data-testid="live-status">
              {live.status === 'open'
                ? '实时连接'
                : live.status === 'closed'
                  ? '连接断开，正在重连'
                  : '连接中'}
            </span>
          }
        />
      </Flex>
      {ids.length === 0 ? (
        <Card>
          <Empty description="请在地址中指定网关，例如 /viewLastData?gatewayId=1" />
        </Card>
      ) : (
        <TokenVars>
          <Flex vertical gap={16}>
            {byGateway.map(([gateway, keys]) => (
              <Card
                key={gateway}
                size="small"
                title={`网关 ${gateway}`}
                data-testid={`gateway-card-${gateway}`}
              >
                {live.refused.includes(gateway) ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该网关不公开最新数据" />
                ) : keys.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
                ) : (
                  <div className="monitoring-tiles">
                    {keys.map((key) => (
                      <LiveTile key={key} store={live.store} liveKey={key} meta={undefined} />
                    ))}
                  </div>
                )}
              </Card>
            ))}
          </Flex>
        </TokenVars>
      )}
    </div>
  );
}
