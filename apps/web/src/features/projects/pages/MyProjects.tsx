import { type Page, PROJECT_SELECT_PAGE_SIZE } from '@iot/contracts';
import type { PayStatus, ProjectSummary } from '@iot/contracts/projects';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Col, Empty, Input, Pagination, Row, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { http } from '../../../api/http';
import { getSession } from '../../../app/session';
import { LoadError } from '../../../components/LoadState';

/** Project payStatus of spec core §4: label and tag colour. */
const PAY_STATUS: Record<PayStatus, { label: string; color: string }> = {
  A: { label: '正常', color: 'success' },
  B: { label: '即将欠费', color: 'gold' },
  C: { label: '已欠费', color: 'orange' },
  D: { label: '欠费停机', color: 'error' },
  E: { label: '断卡停机', color: 'volcano' },
  F: { label: '合同终止', color: 'default' },
};

/** Spec core §9: project selection page size 10. */
const PAGE_SIZE = PROJECT_SELECT_PAGE_SIZE;

interface SavedQuery {
  keyword: string;
  page: number;
}

/** Query conditions are cached in local storage per user (spec core §9). */
function storageKey(): string | null {
  const session = getSession();
  return session ? `iot.query.${session.userId}.myProjects` : null;
}

function restoreQuery(): SavedQuery {
  const key = storageKey();
  try {
    const saved = key
      ? (JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<SavedQuery> | null)
      : null;
    return {
      keyword: typeof saved?.keyword === 'string' ? saved.keyword : '',
      page: Number.isInteger(saved?.page) && (saved?.page ?? 0) >= 0 ? (saved?.page ?? 0) : 0,
    };
  } catch {
    return { keyword: '', page: 0 };
  }
}

const projectHomePath = (id: number) => `/project/${id}/index/projectHD/hd`;

/** 我的项目: the projects the signed-in user belongs to, server-paged. */
export function MyProjects() {
  const navigate = useNavigate();
  const [query, setQuery] = useState<SavedQuery>(restoreQuery);
  const [draft, setDraft] = useState(query.keyword);

  useEffect(() => {
    const key = storageKey();
    if (key) localStorage.setItem(key, JSON.stringify(query));
  }, [query]);

  const projects = useQuery({
    queryKey: ['myProjects', query.keyword, query.page],
    queryFn: () =>
      http.get<Page<ProjectSummary>>('/iot/projects/byCurUser', {
        params: { page: query.page, size: PAGE_SIZE, keyword: query.keyword },
      }),
    placeholderData: keepPreviousData,
  });

  // A remembered page past the end (projects removed since): fall back to the last page.
  const total = projects.data?.total ?? 0;
  useEffect(() => {
    if (projects.data && projects.data.list.length === 0 && query.page > 0) {
      setQuery((q) => ({ ...q, page: Math.max(0, Math.ceil(total / PAGE_SIZE) - 1) }));
    }
  }, [projects.data, query.page, total]);

  const search = () => {
    const keyword = draft.trim();
    // Enter may arrive twice (this input and the shell's 查 询 shortcut): keep the same state then.
    setQuery((q) => (q.keyword === keyword && q.page === 0 ? q : { keyword, page: 0 }));
  };
  const list = projects.data?.list ?? [];

  return (
    <Card
      title="我的项目"
      extra={
        <Space.Compact>
          <Input
            allowClear
            placeholder="项目名称"
            value={draft}
            maxLength={64}
            onChange={(event) => setDraft(event.target.value)}
            onPressEnter={search}
            style={{ width: 240 }}
            aria-label="项目名称"
          />
          <Button type="primary" onClick={search}>
            查询
          </Button>
        </Space.Compact>
      }
    >
      <Spin spinning={projects.isFetching}>
        {projects.isLoading ? (
          <div style={{ minHeight: 240 }} />
        ) : projects.isError && !projects.data ? (
          <LoadError what="项目列表" error={projects.error} onRetry={projects.refetch} />
        ) : list.length === 0 ? (
          <Empty
            style={{ padding: '48px 0' }}
            description={query.keyword ? `没有名称包含“${query.keyword}”的项目` : '您还没有加入任何项目'}
          />
        ) : (
          <Row gutter={[16, 16]}>
            {list.map((project) => (
              <Col key={project.id} xs={24} sm={12} lg={8} xxl={6}>
                <ProjectCard project={project} onEnter={() => navigate(projectHomePath(project.id))} />
              </Col>
            ))}
          </Row>
        )}
      </Spin>
      {total > PAGE_SIZE && (
        <Pagination
          style={{ marginTop: 16, justifyContent: 'flex-end' }}
          current={query.page + 1}
          pageSize={PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          showTotal={(count) => `共 ${count} 个项目`}
          onChange={(page) => setQuery((q) => ({ ...q, page: page - 1 }))}
        />
      )}
    </Card>
  );
}

function ProjectCard({ project, onEnter }: { project: ProjectSummary; onEnter(): void }) {
  const status = PAY_STATUS[project.payStatus];
  return (
    <Card
      size="small"
      hoverable
      data-testid={`project-${project.id}`}
      actions={[
        <Button key="enter" type="link" onClick={onEnter}>
          进入项目
        </Button>,
      ]}
    >
      <Card.Meta
        avatar={
          <Avatar shape="square" size={48} src={project.logoUrl || undefined}>
            {project.name.slice(0, 1)}
          </Avatar>
        }
        title={
          <Typography.Text ellipsis={{ tooltip: project.name }} style={{ maxWidth: '100%' }}>
            {project.name}
          </Typography.Text>
        }
        description={
          <Space size={[4, 4]} wrap>
            <Tag color={status.color}>{status.label}</Tag>
            {project.isTemplate && <Tag color="purple">模板</Tag>}
            {project.isDemo && <Tag color="cyan">演示</Tag>}
          </Space>
        }
      />
    </Card>
  );
}
