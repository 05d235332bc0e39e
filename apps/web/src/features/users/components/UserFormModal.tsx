import type { User } from '@iot/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, Modal, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { http } from '../../../api/http';
import { AccountFields, accountBody } from './AccountFields';
import { mobileRules, realnameRules, VALIDATE_TRIGGERS } from './accountRules';

type Status = User['status'];

interface UserForm {
  username: string;
  realname: string;
  mobile?: string;
  password: string;
  status: Status;
  expireAt: Dayjs | null;
}

export type UserFormState = { mode: 'create' } | { mode: 'edit'; user: User } | null;

/** An account stays valid through the whole of its expiry date. */
const expireAtOf = (date: Dayjs | null | undefined) => (date ? date.endOf('day').valueOf() : null);

/** 新建用户 (all fields) or 编辑用户 (姓名, 手机号, 状态, 到期时间). */
export function UserFormModal({ state, onClose }: { state: UserFormState; onClose(): void }) {
  const [form] = Form.useForm<UserForm>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const user = state?.mode === 'edit' ? state.user : null;

  const save = useMutation({
    mutationFn: (values: UserForm) => {
      const common = { status: values.status, expireAt: expireAtOf(values.expireAt) };
      if (!user) return http.post<User>('/iot/users', { ...accountBody(values), ...common });
      return http.put<User>(`/iot/users/${user.userId}`, {
        realname: values.realname.trim(),
        mobile: values.mobile || null,
        ...common,
      });
    },
    onSuccess: (saved) => {
      message.success(user ? `用户「${saved.username}」已保存` : `用户「${saved.username}」已创建`);
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      onClose();
    },
  });

  const initialValues: Partial<UserForm> = user
    ? {
        realname: user.realname,
        mobile: user.mobile ?? '',
        status: user.status,
        expireAt: user.expireAt === null ? null : dayjs(user.expireAt),
      }
    : { status: 'enabled', expireAt: null };

  return (
    <Modal
      open={state !== null}
      title={user ? `编辑用户「${user.username}」` : '新建用户'}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={520}
    >
      <Form<UserForm>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => save.mutate(values)}
        style={{ marginTop: 16 }}
      >
        {user ? (
          <>
            <Form.Item label="账号">
              <Input value={user.username} disabled />
            </Form.Item>
            <Form.Item name="realname" label="姓名" rules={realnameRules} validateFirst>
              <Input placeholder="请输入姓名" maxLength={32} />
            </Form.Item>
            <Form.Item
              name="mobile"
              label="手机号"
              rules={mobileRules(user.userId)}
              validateFirst
              validateTrigger={VALIDATE_TRIGGERS}
            >
              <Input placeholder="选填，11位手机号" maxLength={11} />
            </Form.Item>
          </>
        ) : (
          <AccountFields />
        )}
        <Form.Item name="status" label="状态">
          <Radio.Group
            options={[
              { label: '启用', value: 'enabled' },
              { label: '停用', value: 'disabled' },
            ]}
          />
        </Form.Item>
        <Form.Item name="expireAt" label="到期时间" extra="留空表示长期有效；到期日当天仍可登录">
          <DatePicker
            placeholder="长期"
            style={{ width: '100%' }}
            disabledDate={(date) => date.isBefore(dayjs().startOf('day'))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
