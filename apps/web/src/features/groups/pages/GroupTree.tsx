import { ImportOutlined, SearchOutlined } from '@ant-design/icons';
import { Permission } from '@iot/contracts';
import type { GroupNode, GroupTreeIndicator } from '@iot/contracts/groups';
import { useMutation } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Empty,
  Input,
  Row,
  Space,
  Spin,
  Tag,
  Tree,
  type TreeDataNode,
  type TreeProps,
  Typography,
} from 'antd';
import { type Key, useMemo, useState } from 'react';
import { LoadError } from '../../../components/LoadState';
import { useSavedQuery } from '../../../components/useSavedQuery';
import { Permission as Can } from '../../../platform/routes/currentRoute';
import { LabelFilter, useLabelTargets } from '../../labels/index';
import {
  flatten,
  groupsApi,
  useGroupStructure,
  useGroupTreeIndicators,
  useRefreshGroups,
  useScopeGroupId,
} from '../api';
import { type GroupActions, GroupDetail } from '../components/GroupDetail';
import { GroupFormModal, type GroupFormState } from '../components/GroupFormModal';
import { GroupImportModal } from '../components/GroupImportModal';
import { GroupIcon, siteTypeLabel } from '../components/groupLabels';
import { MonitorIndicatorsModal } from '../components/MonitorIndicatorsModal';

const DEFAULT_QUERY = { keyword: '', labelId: 0, selected: 0 };
const groupKey = (id: number) => `g-${id}`;

/**
 * 分组管理: the project's areas and sites (site types), monitoring points with their linked gateway
 * indicators shown in the tree, drag to reorder among siblings, and xlsx import.
 */
export function GroupTree() {
  const groupId = useScopeGroupId();
  const [query, setQuery] = useSavedQuery('groupTree', DEFAULT_QUERY);
  const [draft, setDraft] = useState(query.keyword);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [form, setForm] = useState<GroupFormState>(null);
  const [linking, setLinking] = useState<GroupNode | null>(null);
  const [importing, setImporting] = useState(false);
  const structure = useGroupStructure(groupId);
  const withIndicators = useGroupTreeIndicators(groupId);
  const refresh = useRefreshGroups();
  const { message } = App.useApp();

  const root = structure.data;
  const nodes = useMemo(() => (root ? flatten([root]) : []), [root]);
  const byId = useMemo(() => new Map(nodes.map((n) => [n.id, n])), [nodes]);
  const indicatorsOf = useMemo(
    () => new Map(flatten(withIndicators.data ?? []).map((n) => [n.id, n.gatewayIndicators])),
    [withIndicators.data],
  );
  const selected = byId.get(query.selected) ?? root;
  const siblingsOf = (group: GroupNode) =>
    group.parentId === null ? [] : (byId.get(group.parentId)?.children ?? []);

  const order = useMutation({
    mutationFn: ({ parentId, ids }: { parentId: number; ids: number[] }) => groupsApi.order(parentId, ids),
    onSuccess: () => {
      message.success('顺序已保存');
      void refresh();
    },
  });
  const reorder = (group: GroupNode, targetIndex: number) => {
    if (group.parentId === null) return;
    const ids = siblingsOf(group)
      .map((s) => s.id)
      .filter((id) => id !== group.id);
    ids.splice(Math.max(0, Math.min(targetIndex, ids.length)), 0, group.id);
    if (ids.every((id, index) => siblingsOf(group)[index]?.id === id)) return;
    order.mutate({ parentId: group.parentId, ids });
  };

  const actions: GroupActions = {
    create: (parent, groupType) => setForm({ mode: 'create', parent, groupType }),
    edit: (group) => setForm({ mode: 'edit', group }),
    link: (point) => setLinking(point),
    move: (group, step) => reorder(group, siblingsOf(group).findIndex((s) => s.id === group.id) + step),
    deleted: (group) => setQuery((q) => ({ ...q, selected: group.parentId ?? 0 })),
  };

  const keyword = query.keyword.toLowerCase();
  // 标签: only groups carrying the label (with the way down to them).
  const labelTargets = useLabelTargets(groupId, query.labelId);
  const labelled = query.labelId && labelTargets.data ? new Set(labelTargets.data.groupIds) : null;
  const filtering = Boolean(keyword) || labelled !== null;
  const matches = (node: GroupNode): boolean =>
    (!labelled || labelled.has(node.id)) &&
    (!keyword ||
      node.name.toLowerCase().includes(keyword) ||
      (indicatorsOf.get(node.id) ?? []).some((i) =>
        `${i.gatewayAlias}${i.alias}`.toLowerCase().includes(keyword),
      ));
  const visible = (node: GroupNode): boolean => !filtering || matches(node) || node.children.some(visible);

  const toTreeNode = (node: GroupNode): TreeDataNode => {
    const indicators = indicatorsOf.get(node.id) ?? [];
    const children: TreeDataNode[] = node.children.filter(visible).map(toTreeNode);
    if (node.isMonitor) children.push(...indicators.map((i) => indicatorNode(node.id, i)));
    return {
      key: groupKey(node.id),
      title: <GroupTitle node={node} indicatorCount={indicators.length} />,
      icon: <GroupIcon group={node} />,
      children,
    };
  };
  const treeData = root ? [toTreeNode(root)] : [];
  const allKeys = nodes.map((n) => groupKey(n.id));
  const expandedKeys = filtering ? allKeys : allKeys.filter((k) => !collapsed.has(k));

  // Among siblings only: in a gap beside a sibling, or onto the parent itself (= first place).
  const allowDrop: TreeProps['allowDrop'] = ({ dragNode, dropNode, dropPosition }) => {
    const drag = byId.get(idOf(dragNode.key));
    const drop = byId.get(idOf(dropNode.key));
    if (!drag || !drop || drag.parentId === null || !String(dropNode.key).startsWith('g-')) return false;
    return dropPosition === 0 ? drop.id === drag.parentId : drag.parentId === drop.parentId;
  };
  const onDrop: TreeProps['onDrop'] = (info) => {
    const drag = byId.get(idOf(info.dragNode.key));
    const drop = byId.get(idOf(info.node.key));
    if (!drag || !drop) return;
    if (!info.dropToGap) {
      if (drop.id === drag.parentId) reorder(drag, 0);
      return;
    }
    if (drag.parentId !== drop.parentId) return;
    const side = info.dropPosition - Number(info.node.pos.split('-').at(-1));
    const rest = siblingsOf(drag).filter((s) => s.id !== drag.id);
    reorder(drag, rest.findIndex((s) => s.id === drop.id) + (side > 0 ? 1 : 0));
  };

  const search = () => {
    const next = draft.trim();
    setQuery((q) => (q.keyword === next ? q : { ...q, keyword: next }));
  };

  return (
    <Row gutter={16}>
      <Col xs={24} lg={10} xl={9}>
        <Card
          title="分组管理"
          extra={
            <Can bit={Permission.CREATE}>
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
                导入
              </Button>
            </Can>
          }
        >
          <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
            <Input
              allowClear
              placeholder="分组、网关或指标名称"
              aria-label="分组、网关或指标名称"
              prefix={<SearchOutlined />}
              value={draft}
              maxLength={64}
              onChange={(event) => {
                setDraft(event.target.value);
                if (event.target.value === '') setQuery((q) => ({ ...q, keyword: '' }));
              }}
              onPressEnter={search}
            />
            <Button type="primary" onClick={search}>
              查询
            </Button>
          </Space.Compact>
          <LabelFilter
            projectId={groupId}
            value={query.labelId}
            style={{ width: 160, marginBottom: 12 }}
            onChange={(labelId) => setQuery((q) => ({ ...q, labelId }))}
          />
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
            拖动区域或站点可调整同级顺序；监测点下列出其关联的网关指标。
          </Typography.Paragraph>
          {structure.isLoading ? (
            <Spin style={{ display: 'block', margin: '40px auto' }} />
          ) : structure.isError && !root ? (
            <LoadError compact what="分组树" error={structure.error} onRetry={structure.refetch} />
          ) : !root || (filtering && !visible(root)) ? (
            <Empty
              description={
                keyword ? `没有匹配“${query.keyword}”的分组` : filtering ? '没有带该标签的分组' : '还没有分组'
              }
            />
          ) : (
            <Tree
              className="group-tree"
              showIcon
              blockNode
              draggable={{ icon: false, nodeDraggable: (node) => isDraggable(node.key, byId) }}
              allowDrop={allowDrop}
              onDrop={onDrop}
              treeData={treeData}
              expandedKeys={expandedKeys}
              onExpand={(_, { node, expanded }) =>
                setCollapsed((c) => {
                  const next = new Set(c);
                  if (expanded) next.delete(String(node.key));
                  else next.add(String(node.key));
                  return next;
                })
              }
              selectedKeys={selected ? [groupKey(selected.id)] : []}
              onSelect={(keys) => {
                const key = keys[0];
                if (typeof key === 'string' && key.startsWith('g-'))
                  setQuery((q) => ({ ...q, selected: idOf(key) }));
              }}
              style={{ minHeight: 240 }}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={14} xl={15}>
        {selected ? (
          <GroupDetail group={selected} siblings={siblingsOf(selected)} actions={actions} />
        ) : structure.isError ? null : (
          <Card>{structure.isLoading ? <Spin /> : <Empty description="请选择分组" />}</Card>
        )}
      </Col>
      <GroupFormModal
        state={form}
        onClose={() => setForm(null)}
        onSaved={(group) => setQuery((q) => ({ ...q, selected: group.id }))}
      />
      <MonitorIndicatorsModal projectId={groupId} point={linking} onClose={() => setLinking(null)} />
      <GroupImportModal groupId={groupId} open={importing} onClose={() => setImporting(false)} />
    </Row>
  );
}

const idOf = (key: Key) => Number(String(key).slice(2));

function isDraggable(key: Key, byId: Map<number, GroupNode>): boolean {
  const text = String(key);
  return text.startsWith('g-') && (byId.get(idOf(text))?.parentId ?? null) !== null;
}

function indicatorNode(groupId: number, indicator: GroupTreeIndicator): TreeDataNode {
  return {
    key: `i-${groupId}-${indicator.id}`,
    isLeaf: true,
    selectable: false,
    title: (
      <span data-testid="tree-indicator">
        <Typography.Text type="secondary">{indicator.gatewayAlias} · </Typography.Text>
        {indicator.alias}
      </span>
    ),
  };
}

function GroupTitle({ node, indicatorCount }: { node: GroupNode; indicatorCount: number }) {
  const siteType = siteTypeLabel(node.siteType);
  return (
    <span data-testid="group-node" data-group-id={node.id}>
      <span className="group-tree-name">{node.name}</span>
      {siteType && (
        <Tag bordered={false} style={{ marginLeft: 6 }}>
          {siteType}
        </Tag>
      )}
      {node.isMonitor && (
        <Tag color="processing" bordered={false} style={{ marginLeft: 6 }}>
          监测点 {indicatorCount}
        </Tag>
      )}
    </span>
  );
}
