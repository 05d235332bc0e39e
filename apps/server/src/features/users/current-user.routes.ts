import {
  changePasswordBody,
  effectiveMessageSetting,
  loginInfo,
  messageSetting,
  profileBody,
  themeBody,
} from '@iot/contracts/users';
import { z } from 'zod';
import { badRequest } from '../../platform/errors.js';
import { type FileStore, imageType } from '../../platform/files.js';
import type { Router } from '../../platform/http/route.js';
import type { MenusService } from '../menus/index.js';
import { avatarPath } from './users.presenter.js';
import type { UsersService } from './users.service.js';

const tags = ['当前用户'];
const AVATAR_FORMAT_MESSAGE = '头像只能是 png、jpg、gif 或 webp 图片';

/** The caller's own account: every route here touches only the caller's row. */
export function registerCurrentUserRoutes(
  router: Router,
  users: UsersService,
  menus: MenusService,
  files: FileStore,
): void {
  router.route({
    method: 'GET',
    url: '/iot/users/current/loginInfo',
    summary:
      '登录信息：姓名、头像（avatarPath 为可加载的地址）、角色、主题、前端菜单（按子系统编号）、消息设置',
    tags,
    access: 'authenticated',
    response: loginInfo,
    handler: async ({ auth }) => {
      const user = await users.get(auth.userId);
      const setting = users.messageSetting(user);
      return {
        userId: user.id,
        username: user.username,
        realname: user.realname,
        avatar: user.avatar,
        avatarPath: avatarPath(user.avatar),
        roles: await users.roles(auth.userId),
        mobile: user.mobile,
        theme: themeBody.shape.theme.catch('tech').parse(user.theme),
        isReadGuide: user.is_read_guide,
        isSystemAdmin: auth.isSystemAdmin,
        frontMenus: await menus.frontMenus(auth),
        messageSetting: effectiveMessageSetting(setting),
      };
    },
  });
  router.route({
    method: 'PUT',
    url: '/iot/users/changePassword',
    summary: '修改密码（需原密码；其它会话随即结束）',
    tags,
    access: 'authenticated',
    body: changePasswordBody,
    handler: ({ auth, body }) =>
      users.changePassword(auth.userId, auth.sessionId, body.oldPassword, body.newPassword),
  });
  router.route({
    method: 'PUT',
    url: '/iot/users/current/theme',
    summary: '设置主题',
    tags,
    access: 'authenticated',
    body: themeBody,
    handler: ({ auth, body }) => users.setTheme(auth.userId, body.theme),
  });
  router.route({
    method: 'PUT',
    url: '/iot/users/current/profile',
    summary: '修改个人资料（姓名、头像）',
    tags,
    access: 'authenticated',
    body: profileBody,
    handler: ({ auth, body }) => users.setProfile(auth.userId, body),
  });
  router.route({
    method: 'PUT',
    url: '/iot/users/current/avatar',
    summary: '上传头像：请求体为图片本身（image/png、image/jpeg、image/gif、image/webp，不超过 2MB）',
    tags,
    access: 'authenticated',
    body: z.custom<Buffer>((value) => Buffer.isBuffer(value), '请上传图片'),
    response: z.object({ avatar: z.string() }),
    handler: async ({ auth, body }) => {
      if (!imageType(body)) throw badRequest(AVATAR_FORMAT_MESSAGE);
      const avatar = await files.putImage('avatars', body);
      await users.setProfile(auth.userId, { avatar });
      return { avatar };
    },
  });
  router.route({
    method: 'PUT',
    url: '/iot/users/current/readGuide',
    summary: '标记新手引导已读（isReadGuide 第 1 位）',
    tags,
    access: 'authenticated',
    handler: ({ auth }) => users.markGuideRead(auth.userId),
  });
  router.route({
    method: 'GET',
    url: '/iot/users/current/messageSetting',
    summary: '消息设置（语音开关仅在 isShowMessage 开启时生效）',
    tags,
    access: 'authenticated',
    response: messageSetting,
    handler: async ({ auth }) => users.messageSetting(await users.get(auth.userId)),
  });
  router.route({
    method: 'PUT',
    url: '/iot/users/current/messageSetting',
    summary: '保存消息设置',
    tags,
    access: 'authenticated',
    body: messageSetting,
    response: messageSetting,
    handler: async ({ auth, body }) => {
      await users.setMessageSetting(auth.userId, body);
      return body;
    },
  });
}
