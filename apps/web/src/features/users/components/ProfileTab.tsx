import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Form, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import { http } from '../../../api/http';
import type { LoginInfo, Toast } from '../pages/UserCenter';
import { RoleList } from './RoleList';
import { UserAvatar } from './UserAvatar';

const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** 基本资料: avatar upload (png/jpg/gif/webp up to 2 MB), name, account and mobile. */
export function ProfileTab({ info, toast }: { info: LoginInfo; toast: Toast }) {
  const [avatarPath, setAvatarPath] = useState(info.avatarPath);
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['loginInfo'] });
  const save = useMutation({
    mutationFn: (body: { realname: string }) => http.put<null>('/iot/users/current/profile', body),
    onSuccess: () => {
      toast.success('基本资料已保存');
      refresh();
    },
  });
  const upload = useMutation({
    mutationFn: (file: File) => http.upload<{ avatar: string }>('/iot/users/current/avatar', file),
    onSuccess: (answer) => {
      setAvatarPath(answer.avatar);
      toast.success('头像已更新');
      refresh();
    },
  });

  return (
    <Form
      layout="vertical"
      style={{ maxWidth: 520 }}
      initialValues={{ realname: info.realname }}
      onFinish={(values: { realname: string }) => save.mutate({ realname: values.realname.trim() })}
    >
      <Form.Item label="头像" extra="png、jpg、gif 或 webp 图片，不超过 2MB">
        <Space size="large" align="center">
          <UserAvatar avatarPath={avatarPath} realname={info.realname} size={80} testId="avatar-preview" />
          <Upload
            accept={AVATAR_TYPES.join(',')}
            showUploadList={false}
            beforeUpload={(file) => {
              if (!AVATAR_TYPES.includes(file.type)) toast.error('头像只能是 png、jpg、gif 或 webp 图片');
              else if (file.size > AVATAR_MAX_BYTES) toast.error('头像不能超过 2MB');
              else upload.mutate(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending}>
              上传头像
            </Button>
          </Upload>
        </Space>
      </Form.Item>
      <Descriptions
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'username', label: '账号', children: info.username },
          { key: 'mobile', label: '手机号', children: info.mobile || '未绑定' },
          { key: 'roles', label: '角色', children: <RoleList roles={info.roles} /> },
        ]}
      />
      <Form.Item
        name="realname"
        label="姓名"
        rules={[
          { required: true, whitespace: true, message: '姓名不能为空' },
          { max: 32, message: '最多输入32个字符' },
        ]}
      >
        <Input placeholder="请输入姓名" maxLength={32} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
    </Form>
  );
}
