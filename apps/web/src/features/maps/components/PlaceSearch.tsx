import { EnvironmentOutlined } from '@ant-design/icons';
import { zh } from '@iot/contracts';
import { PLACE_PAGE_SIZE, PLACE_PAGE_SIZES, type Place } from '@iot/contracts/maps';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Input, List, Pagination, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../components/debounce';
import { LoadError } from '../../../components/LoadState';
import { mapsApi } from '../api';

/**
 * The map's search panel: autocomplete while typing, a keyword search with paged results (30 a page,
 * 30/50/100), a click on a result focuses it, and a search with a single hit focuses it at once.
 */
export function PlaceSearch({
  projectId,
  onFocus,
}: {
  projectId: number;
  onFocus(lng: number, lat: number, name: string): void;
}) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState<{ keyword: string; page: number; size: number } | null>(null);
  const tipKeyword = useDebouncedValue(typed.trim());
  const tips = useQuery({
    queryKey: ['maps', projectId, 'tips', tipKeyword],
    queryFn: () => mapsApi.inputTips(projectId, tipKeyword),
    enabled: tipKeyword.length > 0,
    retry: false,
  });
  const results = useQuery({
    queryKey: ['maps', projectId, 'places', search],
    queryFn: () => mapsApi.places(projectId, search!.keyword, search!.page, search!.size),
    enabled: search !== null,
    retry: false,
  });
  const hits = results.data;
  // §4: a single hit is focused automatically.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer
  useEffect(() => {
    const only = hits?.total === 1 ? hits.list[0] : undefined;
    if (only) onFocus(only.location.lng, only.location.lat, only.address || only.name);
  }, [hits]);

  const run = (keyword: string) => {
    const trimmed = keyword.trim();
    if (trimmed) setSearch({ keyword: trimmed, page: 0, size: search?.size ?? PLACE_PAGE_SIZE });
  };
  const pick = (p: Place) => onFocus(p.location.lng, p.location.lat, p.address || p.name);

  return (
    <div data-testid="place-search">
      <AutoComplete
        style={{ width: '100%' }}
        value={typed}
        onChange={setTyped}
        options={(tips.data ?? []).map((p, i) => ({
          value: `${i}:${p.name}`,
          label: (
            <span>
              {p.name}{' '}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {p.address}
              </Typography.Text>
            </span>
          ),
        }))}
        onSelect={(value: string) => {
          const p = tips.data?.[Number(value.split(':')[0])];
          if (!p) return;
          setTyped(p.name);
          pick(p);
        }}
      >
        <Input.Search
          placeholder={zh('keyword search')}
          enterButton
          onSearch={run}
          aria-label="搜索地点"
          data-testid="place-search-input"
        />
      </AutoComplete>
      {results.isError ? (
        <LoadError inline what="搜索结果" error={results.error} onRetry={results.refetch} />
      ) : (
        search && (
          <>
            <List
              size="small"
              loading={results.isLoading}
              dataSource={hits?.list ?? []}
              locale={{ emptyText: '未找到相关地点' }}
              style={{ maxHeight: 300, overflow: 'auto', marginTop: 8 }}
              data-testid="place-results"
              renderItem={(p) => (
                <List.Item onClick={() => pick(p)} style={{ cursor: 'pointer' }}>
                  <List.Item.Meta
                    avatar={<EnvironmentOutlined />}
                    title={p.name}
                    description={<span style={{ fontSize: 12 }}>{p.address}</span>}
                  />
                </List.Item>
              )}
            />
            {hits && hits.total > 0 && (
              <Pagination
                size="small"
                simple
                current={search.page + 1}
                pageSize={search.size}
                total={hits.total}
                showSizeChanger
                pageSizeOptions={PLACE_PAGE_SIZES.map(String)}
                onChange={(page, size) =>
                  setSearch({ ...search, page: size === search.size ? page - 1 : 0, size })
                }
                style={{ marginTop: 8 }}
              />
            )}
          </>
        )
      )}
    </div>
  );
}
