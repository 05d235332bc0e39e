import { Permission } from '@iot/contracts';
import type { SiteMode } from '@iot/contracts/modes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Empty, Select, Table, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { tableEmpty } from '../../../components/LoadState';
import { usePermission } from '../../../platform/routes/currentRoute';
import { modeKeys, modesApi, useModeOptions } from '../api';

const PAGE_SIZE = 10;

/** 站点当前模式: each site of the project and the mode it is in, switched here by holders of update. */
export function SiteModes({ projectId }: { projectId: number }) {
  const [page, setPage] = useState(0);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canUpdate = usePermission(Permission.UPDATE);
  const modes = useModeOptions(projectId);
  const params = { page, size: PAGE_SIZE };
  const sites = useQuery({
    queryKey: [...modeKeys.sites(projectId), params],
    queryFn: () => modesApi.sites(projectId, params),
    placeholderData: keepPreviousData,
  });
  const change = useMutation({
    mutationFn: ({ site, modeId }: { site: SiteMode; modeId: number | null }) =>
      modesApi.setSite(projectId, site.siteId, modeId),
    onSuccess: (site) => {
      message.success(
        site.modeName ? `「${site.siteName}」已切换为${site.modeName}` : `「${site.siteName}」已清除模式`,
      );
      void queryClient.invalidateQueries({ queryKey: modeKeys.all(projectId) });
    },
  });
  const colorOf = (id: number | null) => modes.data?.find((m) => m.id === id)?.color ?? 'default';

  const columns: TableColumnsType<SiteMode> = [
    { title: '站点', dataIndex: 'siteName', width: 160 },
    { title: '所属区域', dataIndex: 'parentName', width: 140, render: (t: string) => t || '—' },
    {
      title: '当前模式',
      key: 'mode',
      width: 180,
      render: (_, site) =>
        canUpdate ? (
          <Select
            aria-label={`${site.siteName}的模式`}
            size="small"
            style={{ width: 150 }}
            allowClear
            placeholder="未设置"
            value={site.modeId ?? undefined}
            loading={change.isPending && change.variables?.site.siteId === site.siteId}
            options={(modes.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
            onChange={(modeId?: number) => change.mutate({ site, modeId: modeId ?? null })}
          />
        ) : site.modeName ? (
          <Tag color={colorOf(site.modeId)}>{site.modeName}</Tag>
        ) : (
          '未设置'
        ),
    },
    {
      title: '切换时间',
      dataIndex: 'changedAt',
      width: 170,
      render: (at: number | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm:ss') : '—'),
    },
  ];

  return (
    <Card title="站点当前模式" style={{ marginTop: 16 }}>
      <Table<SiteMode>
        rowKey="siteId"
        size="small"
        columns={columns}
        dataSource={sites.data?.list ?? []}
        loading={sites.isFetching}
        scroll={{ x: 650 }}
        pagination={{
          current: page + 1,
          pageSize: PAGE_SIZE,
          total: sites.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (count) => `共 ${count} 个站点`,
          onChange: (next) => setPage(next - 1),
        }}
        locale={{ emptyText: tableEmpty(sites, '站点列表', <Empty description="本项目还没有站点" />) }}
      />
    </Card>
  );
}
