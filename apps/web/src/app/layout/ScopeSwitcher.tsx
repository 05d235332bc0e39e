import { DownOutlined } from '@ant-design/icons';
import { type Page, PROJECT_SELECT_PAGE_SIZE } from '@iot/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, List, Pagination, Popover, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { http } from '../../api/http';
import { LoadError } from '../../components/LoadState';
import { projectHomePath } from '../../platform/routes/generate';
import { useEnterScope } from '../../platform/routes/useEnterScope';
import { NO_MENU_WARNING } from './Breadcrumbs';

/** Spec core §9: project selection page size 10. */
const PAGE_SIZE = PROJECT_SELECT_PAGE_SIZE;

const KINDS = [
  { key: 'projects', label: '项目', url: '/iot/projects/byCurUser', menuType: 'project' },
  { key: 'corporations', label: '公司', url: '/iot/corporations/byCurUser', menuType: 'corporation' },
  { key: 'firms', label: '网关厂商', url: '/iot/gatewayFirms/byCurUser', menuType: 'firm' },
] as const;
type Kind = (typeof KINDS)[number];

function ScopeList({ kind, onPick }: { kind: Kind; onPick(id: number): void }) {
  const [page, setPage] = useState(0);
  const { data, isLoading, error, refetch } = useQuery({
    queryKey: ['byCurUser', kind.key, page],
    queryFn: () =>
      http.get<Page<{ id: number; name: string }>>(kind.url, { params: { page, size: PAGE_SIZE } }),
  });
  if (isLoading) return <Spin style={{ display: 'block', margin: 24 }} />;
  if (error && !data) return <LoadError compact what={`${kind.label}列表`} error={error} onRetry={refetch} />;
  if (!data || data.total === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${kind.label}`} />;
  return (
    <>
      <List
        size="small"
        dataSource={data.list}
        renderItem={(item) => (
          <List.Item style={{ cursor: 'pointer' }} onClick={() => onPick(item.id)}>
            {item.name}
          </List.Item>
        )}
      />
      {data.total > PAGE_SIZE && (
        <Pagination
          size="small"
          simple
          current={page + 1}
          pageSize={PAGE_SIZE}
          total={data.total}
          onChange={(p) => setPage(p - 1)}
          style={{ marginTop: 8, textAlign: 'right' }}
        />
      )}
    </>
  );
}

/** The title dropdown: the user's projects, corporations and firms, paged, to switch scope. */
export function ScopeSwitcher({ title }: { title: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const enterScope = useEnterScope();
  const { message } = App.useApp();

  const enter = async (kind: Kind, id: number) => {
    setOpen(false);
    if (kind.menuType === 'project') {
      navigate(projectHomePath(id));
      return;
    }
    if (!(await enterScope(kind.menuType, id))) message.warning(NO_MENU_WARNING);
  };

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomLeft"
      content={
        <Tabs
          size="small"
          style={{ width: 300 }}
          items={KINDS.map((kind) => ({
            key: kind.key,
            label: kind.label,
            children: <ScopeList kind={kind} onPick={(id) => void enter(kind, id)} />,
          }))}
        />
      }
    >
      <Button type="text" data-testid="scope-switcher" className="shell-scope" title={title}>
        <span className="shell-scope-title">{title}</span>
        <DownOutlined />
      </Button>
    </Popover>
  );
}
