import type { PayStatus, ProjectSummary } from '@iot/contracts/projects';
import { Tag } from 'antd';
import { useNavigate } from 'react-router';
import { ScopeCard, ScopeCardList } from '../../../components/ScopeCards';
import { projectHomePath } from '../../../platform/routes/generate';

/** Project payStatus of spec core §4: label and tag colour. */
const PAY_STATUS: Record<PayStatus, { label: string; color: string }> = {
  A: { label: '正常', color: 'success' },
  B: { label: '即将欠费', color: 'gold' },
  C: { label: '已欠费', color: 'orange' },
  D: { label: '欠费停机', color: 'error' },
  E: { label: '断卡停机', color: 'volcano' },
  F: { label: '合同终止', color: 'default' },
};

/** 我的项目: the projects the signed-in user belongs to, server-paged. */
export function MyProjects() {
  const navigate = useNavigate();
  return (
    <ScopeCardList<ProjectSummary>
      title="我的项目"
      what="项目列表"
      url="/iot/projects/byCurUser"
      savedAs="myProjects"
      searchPlaceholder="项目名称"
      empty="您还没有加入任何项目"
      noun="项目"
      counted="个项目"
      renderCard={(project) => {
        const status = PAY_STATUS[project.payStatus];
        return (
          <ScopeCard
            testId={`project-${project.id}`}
            name={project.name}
            logoUrl={project.logoUrl}
            tags={
              <>
                <Tag color={status.color}>{status.label}</Tag>
                {project.isTemplate && <Tag color="purple">模板</Tag>}
                {project.isDemo && <Tag color="cyan">演示</Tag>}
              </>
            }
            enter={{ text: '进入项目', onClick: () => navigate(projectHomePath(project.id)) }}
          />
        );
      }}
    />
  );
}
