import type { PublicGateway } from '@iot/contracts/live-data';
import { useQuery } from '@tanstack/react-query';
import { Badge, type BadgeProps, Card, Empty, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { http } from '../../../api/http';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { LiveTile } from '../components/LiveCells';
import { TokenVars } from '../components/TokenVars';
import { STALE_AFTER_MS } from '../format';
import { useClock } from '../live/clock';
import type { LiveStatus } from '../live/useLiveGateways';
import { useLiveGateways, useLiveVersion } from '../live/useLiveGateways';

/** The page's heading: one gateway's site and alias, else the site or project they share. */
export function viewTitle(names: PublicGateway[]): string | null {
  const [first] = names;
  if (!first) return null;
  if (names.length === 1) return first.siteName ? `${first.siteName} · ${first.alias}` : first.alias;
  const sites = new Set(names.map((n) => n.siteName));
  if (sites.size === 1 && first.siteName) return first.siteName;
  const projects = new Set(names.map((n) => n.projectName));
  return projects.size === 1 ? first.projectName : `${names.length} 个网关`;
}

/**
 * The connection dot: green 实时数据 only while values are arriving (the newest under 10 minutes
 * old); an open connection with nothing to show, or only old values, says so in grey.
 */
export function liveIndicator(
  status: LiveStatus,
  newestTs: number | null,
  now: number,
  nothingReadable: boolean,
): { status: BadgeProps['status']; text: string } {
  if (status === 'closed') return { status: 'error', text: '连接断开，正在重连' };
  if (status !== 'open') return { status: 'processing', text: '连接中' };
  if (nothingReadable) return { status: 'default', text: '没有可显示的网关' };
  if (newestTs === null) return { status: 'default', text: '暂无数据' };
  if (now - newestTs > STALE_AFTER_MS)
    return { status: 'warning', text: `数据未更新（最近 ${dayjs(newestTs).format('MM-DD HH:mm')}）` };
  return { status: 'success', text: '实时数据' };
}

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
  const now = useClock();
  const names = useQuery({
    queryKey: ['viewLastData', 'names', ids],
    enabled: ids.length > 0,
    staleTime: 60_000,
    queryFn: () =>
      http.get<PublicGateway[]>('/data-server/api/v2/gateways/public', {
        params: { gatewayIds: ids.join(',') },
        quiet: true,
      }),
  });
  const nameOf = (id: string) => names.data?.find((n) => String(n.id) === id);
  const heading = viewTitle(names.data ?? []);
  useDocumentTitle(heading ? `${heading} - 最新数据` : '最新数据');
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: values change with the store's version
  const newestTs = useMemo(() => {
    let newest: number | null = null;
    for (const key of live.store.keys()) newest = Math.max(newest ?? 0, live.store.get(key)?.ts ?? 0);
    return newest;
  }, [live.store, version]);
  const indicator = liveIndicator(
    live.status,
    newestTs,
    Math.max(now, newestTs ?? 0),
    ids.length > 0 && ids.every((id) => live.refused.includes(id)),
  );

  return (
    <div style={{ minHeight: '100vh', background: 'var(--shell-page-bg)', padding: 24 }}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 20 }}>
        <Typography.Title
          level={3}
          style={{ margin: 0, color: 'var(--shell-header-text)' }}
          data-testid="view-title"
        >
          {heading ? `${heading} · 最新数据` : '最新数据'}
        </Typography.Title>
        <Badge
          status={indicator.status}
          text={
            <span data-testid="live-status" data-status={indicator.status}>
              {indicator.text}
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
                title={nameOf(gateway)?.alias ?? `网关 ${gateway}`}
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
