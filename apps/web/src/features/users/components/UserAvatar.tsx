import { UserOutlined } from '@ant-design/icons';
import { Avatar, theme } from 'antd';
import { useState } from 'react';

/**
 * A user's avatar from login info's avatarPath. Without one — none set, or the image fails to
 * load — it shows the first character of the name on the theme's colour, or a person icon.
 */
export function UserAvatar({
  avatarPath,
  realname,
  size,
  testId,
}: {
  avatarPath: string | undefined;
  realname: string | undefined;
  size: number | 'small' | 'default' | 'large';
  testId?: string;
}) {
  // The path that failed to load; a new path is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  const { token } = theme.useToken();
  const src = avatarPath && avatarPath !== failed ? avatarPath : undefined;
  const initial = realname?.trim().charAt(0);
  const fontSize = typeof size === 'number' ? Math.round(size * 0.42) : undefined;
  return (
    <Avatar
      size={size}
      src={src}
      alt={realname ? `${realname}的头像` : '头像'}
      icon={initial ? undefined : <UserOutlined />}
      className="user-avatar"
      // The theme's primary colour on its tint: readable in the light themes and the dark ones alike.
      style={
        src
          ? undefined
          : { background: token.colorPrimaryBg, color: token.colorPrimary, fontSize, flex: 'none' }
      }
      data-testid={testId}
      data-fallback={src ? 'false' : 'true'}
      onError={() => {
        setFailed(avatarPath ?? null);
        return false;
      }}
    >
      {initial}
    </Avatar>
  );
}
