import { requiredText } from '@iot/contracts';
import { type Role, RoleMessages } from '@iot/contracts/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Form, Input, Space } from 'antd';
import { http } from '../../../api/http';
import { rolesKey } from '../api';
import { BUILTIN_ROLE_TIP, type ScopeApi } from '../scopeApi';
import { FunctionEditor } from './FunctionEditor';
import { allMasks, type FunctionMasks, toFunctions, toMasks } from './functionTree';

export type RoleDrawerState = { mode: 'create' } | { mode: 'edit' | 'view'; role: Role } | null;

interface RoleForm {
  name: string;
  description: string;
  functions: FunctionMasks;
}

const nameSchema = requiredText(32);
const TITLES = { create: '新建角色', edit: '编辑角色', view: '角色详情' } as const;

/** Create, edit or look at a role: name, description and the functions it grants. */
export function RoleDrawer({
  api,
  state,
  onClose,
}: {
  api: ScopeApi;
  state: RoleDrawerState;
  onClose(): void;
}) {
  const [form] = Form.useForm<RoleForm>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const role = state && state.mode !== 'create' ? state.role : null;
  const readOnly = state?.mode === 'view';

  const save = useMutation({
    mutationFn: (values: RoleForm) => {
      const body = {
        name: values.name.trim(),
        description: (values.description ?? '').trim(),
        functions: toFunctions(values.functions ?? {}),
      };
      return role ? http.put<Role>(`${api.roles}/${role.id}`, body) : http.post<Role>(api.roles, body);
    },
    onSuccess: (saved) => {
      message.success(role ? `角色「${saved.name}」已保存` : `角色「${saved.name}」已创建`);
      void queryClient.invalidateQueries({ queryKey: rolesKey(api) });
      onClose();
    },
  });

  const initialValues: RoleForm = {
    name: role?.name ?? '',
    description: role?.description ?? '',
    functions: role?.builtin ? allMasks(api.type) : toMasks(api.type, role?.functions ?? []),
  };

  const checkName = async (_: unknown, value: string | undefined) => {
    const name = value?.trim();
    if (!name || !nameSchema.safeParse(name).success || readOnly) return;
    const free = await http.get<boolean>(`${api.roles}/checkName`, {
      params: { name, excludeId: role?.id },
      quiet: true,
    });
    if (!free) throw new Error(RoleMessages.NAME_TAKEN);
  };

  return (
    <Drawer
      open={state !== null}
      title={state ? TITLES[state.mode] : ''}
      size={880}
      destroyOnHidden
      onClose={onClose}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{readOnly ? '关闭' : '取消'}</Button>
          {!readOnly && (
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
              保存
            </Button>
          )}
        </Space>
      }
    >
      {role?.builtin && (
        <Alert
          type="info"
          showIcon
          title={`${BUILTIN_ROLE_TIP}，不能修改或删除。`}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<RoleForm>
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={initialValues}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="name"
          label="角色名称"
          validateFirst
          validateTrigger={['onChange', 'onBlur']}
          rules={[
            { required: true, whitespace: true, message: '请输入角色名称' },
            { max: 32, message: '最多输入32个字符' },
            { validator: checkName, validateTrigger: 'onBlur' },
          ]}
        >
          <Input placeholder="如：运维人员" maxLength={32} style={{ maxWidth: 360 }} />
        </Form.Item>
        <Form.Item name="description" label="描述" rules={[{ max: 200, message: '最多输入200个字符' }]}>
          <Input.TextArea placeholder="角色的职责说明（选填）" maxLength={200} rows={2} showCount />
        </Form.Item>
        <Form.Item name="functions" label="功能权限">
          <FunctionEditor scopeType={api.type} disabled={readOnly} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
