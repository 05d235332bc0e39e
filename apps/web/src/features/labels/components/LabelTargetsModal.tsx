import type { Label, LabelTargetOptions } from '@iot/contracts/labels';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Select, Spin } from 'antd';
import { useEffect } from 'react';
import { LoadError } from '../../../components/LoadState';
import { UnfoldedTreeSelect } from '../../../components/UnfoldedTreeSelect';
import { labelKeys, labelsApi, useLabelTargets } from '../api';

interface TreeNode {
  value: number;
  title: string;
  children: TreeNode[];
}

/** The project's areas and sites as a tree (parents before children not assumed). */
function groupTree(groups: LabelTargetOptions['groups']): TreeNode[] {
  const nodes = new Map(
    groups.map((g) => [g.id, { value: g.id, title: g.name, children: [] as TreeNode[] }]),
  );
  const roots: TreeNode[] = [];
  for (const g of groups) {
    const parent = g.parentId === null ? undefined : nodes.get(g.parentId);
    (parent ? parent.children : roots).push(nodes.get(g.id)!);
  }
  return roots;
}

/** 关联: which gateways and which areas or sites carry the label (the whole set is saved). */
export function LabelTargetsModal({
  projectId,
  label,
  onClose,
}: {
  projectId: number;
  label: Label | null;
  onClose(): void;
}) {
  const [form] = Form.useForm<{ gatewayIds: number[]; groupIds: number[] }>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const options = useQuery({
    queryKey: labelKeys.targetOptions(projectId),
    queryFn: () => labelsApi.targetOptions(projectId),
    enabled: label !== null,
  });
  const targets = useLabelTargets(projectId, label?.id ?? 0);

  useEffect(() => {
    if (label && targets.data) form.setFieldsValue(targets.data);
  }, [label, targets.data, form]);

  const save = useMutation({
    mutationFn: (body: { gatewayIds: number[]; groupIds: number[] }) =>
      labelsApi.setTargets(projectId, label!.id, {
        gatewayIds: body.gatewayIds ?? [],
        groupIds: body.groupIds ?? [],
      }),
    onSuccess: (saved) => {
      message.success(
        `标签「${label!.name}」已关联 ${saved.gatewayIds.length} 个网关、${saved.groupIds.length} 个分组`,
      );
      void queryClient.invalidateQueries({ queryKey: labelKeys.all(projectId) });
      void queryClient.invalidateQueries({ queryKey: ['gateways'] });
      onClose();
    },
    onError: (error: Error) => message.error(error.message),
  });

  const failed = options.isError ? options : targets.isError ? targets : null;
  return (
    <Modal
      open={label !== null}
      title={label ? `关联标签「${label.name}」` : ''}
      okText="保存"
      okButtonProps={{ disabled: !options.data || !targets.data }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {failed ? (
        <LoadError compact what="关联对象" error={failed.error} onRetry={failed.refetch} />
      ) : !options.data || !targets.data ? (
        <Spin style={{ display: 'block', margin: '40px auto' }} />
      ) : (
        <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
          <Form.Item name="gatewayIds" label="网关">
            <Select
              mode="multiple"
              aria-label="关联网关"
              allowClear
              optionFilterProp="label"
              placeholder="选择网关（可搜索别名或序列号）"
              options={options.data.gateways.map((g) => ({
                value: g.id,
                label: g.alias === g.serialNumber ? g.alias : `${g.alias}（${g.serialNumber}）`,
              }))}
            />
          </Form.Item>
          <Form.Item name="groupIds" label="区域 / 站点">
            <UnfoldedTreeSelect
              aria-label="关联分组"
              multiple
              allowClear
              treeNodeFilterProp="title"
              placeholder="选择区域或站点"
              treeData={groupTree(options.data.groups)}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
