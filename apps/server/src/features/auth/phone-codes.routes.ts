import { checkPhoneCodeBody, LoginMessages, PhoneCodeMessages, sendPhoneCodeBody } from '@iot/contracts/auth';
import { resetPasswordByCodeBody } from '@iot/contracts/users';
import { z } from 'zod';
import { badRequest, tooManyRequests } from '../../platform/errors.js';
import type { Router } from '../../platform/http/route.js';
import { RateLimiter } from '../../platform/rate-limit.js';
import type { UsersService } from '../users/index.js';
import type { PhoneCodesService } from './phone-codes.service.js';

const tags = ['认证'];

export function registerPhoneCodeRoutes(
  router: Router,
  phoneCodes: PhoneCodesService,
  users: UsersService,
): void {
  // Per address as well as per mobile: one client must not spray codes at many numbers.
  const perAddress = new RateLimiter(20, 3600_000);

  router.publicRoute({
    method: 'POST',
    url: '/iot/users/phoneCode',
    summary: '发送手机验证码（登录、注册、重置密码、绑定）',
    tags,
    body: sendPhoneCodeBody,
    response: z.string(),
    handler: async ({ body, request }) => {
      if (!perAddress.hit(request.ip)) throw tooManyRequests();
      await phoneCodes.send(body.mobile, body.mobileCodeType);
      return PhoneCodeMessages.SENT;
    },
  });

  router.publicRoute({
    method: 'POST',
    url: '/iot/users/checkPhoneCode',
    operation: false,
    summary: '校验手机验证码（不消耗验证码）',
    tags,
    body: checkPhoneCodeBody,
    response: z.boolean(),
    handler: ({ body }) => phoneCodes.verify(body.mobile, body.mobileCodeType, body.mobileCode, false),
  });

  router.publicRoute({
    method: 'PUT',
    url: '/iot/users/resetPassword',
    summary: '凭手机验证码重置密码（所有会话随即结束）',
    tags,
    body: resetPasswordByCodeBody,
    handler: async ({ body }) => {
      if (!(await phoneCodes.verify(body.mobile, 'resetPassword', body.mobileCode, true))) {
        throw badRequest(LoginMessages.BAD_SMS_CODE);
      }
      await users.setPasswordByMobile(body.mobile, body.newPassword);
    },
  });
}
