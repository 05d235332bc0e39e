import {
  ADDRESS_FORMAT,
  ADDRESS_REQUIRED,
  MOBILE_MESSAGE,
  NOT_EMPTY_MESSAGE,
  NUMBER_MESSAGE,
  type Page,
  POSITIVE_INTEGER_MESSAGE,
} from '@iot/contracts';
import { ModbusMessages } from '@iot/contracts/modbus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './seed.js';
import { createGateway } from './test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './test/server.js';

/**
 * The rules of spec core §5 on the server, for every request schema that governs such a field
 * (the table in docs/decisions/0043-core-rules-applied.md): a bad value is refused with code
 * 40000 and `field: message`, the message in the spec's words. One row per schema, grouped by
 * rule; each feature parses its own schema, so each is called once over real HTTP.
 */
let t: TestServer;
const tokens: Record<'admin' | 'project' | 'corp' | 'firm', string> = {
  admin: '',
  project: '',
  corp: '',
  firm: '',
};
let projectId: number;
let corporationId: number;
let firmId: number;
let gatewayId: number;
let gatewayIndicatorId: number;
let userId: number;

interface Row {
  /** The schema (and field) refused. */
  schema: string;
  method: 'GET' | 'POST' | 'PUT';
  url: () => string;
  as: keyof typeof tokens;
  body?: () => unknown;
  /** `field: message` as answered. */
  message: string;
}

const P = () => `/iot/groups/${projectId}`;
const rule = (fields: Record<string, unknown>) => ({
  gatewayIndicatorId,
  kind: 'outside',
  low: 1,
  high: 2,
  ...fields,
});
const point = (fields: Record<string, unknown>) => ({
  gatewayIndicatorId,
  slaveId: 1,
  functionCode: 3,
  address: 0,
  dataType: 'INT16',
  ...fields,
});
const modbus = (fields: Record<string, unknown>, points: unknown[] = []) => ({
  baudRate: 9600,
  dataBits: 8,
  stopBits: 1,
  parity: 'none',
  pollIntervalSeconds: 60,
  ...fields,
  indicators: points,
});
const gatewayType = (fields: Record<string, unknown>) => ({
  name: '校验类型',
  model: 'dtuModbus',
  modbusSettings: modbus({}),
  indicators: [{ name: '温度', identifier: 'temp', type: 'float', ...fields }],
});
const newUser = { username: 'rule-user', realname: '校验', password: 'Rule#2026' };

const mobileRows: Row[] = [
  {
    schema: 'createUserBody.mobile',
    method: 'POST',
    url: () => '/iot/users',
    as: 'admin',
    body: () => ({ ...newUser, mobile: '1380000' }),
    message: `mobile: ${MOBILE_MESSAGE}`,
  },
  {
    schema: 'updateUserBody.mobile',
    method: 'PUT',
    url: () => `/iot/users/${userId}`,
    as: 'admin',
    body: () => ({ mobile: '138000000001' }),
    message: `mobile: ${MOBILE_MESSAGE}`,
  },
  {
    schema: 'mobileCheckQuery.mobile',
    method: 'GET',
    url: () => '/iot/users/checkMobile?mobile=13x00000000',
    as: 'admin',
    message: `mobile: ${MOBILE_MESSAGE}`,
  },
  {
    schema: 'addMemberBody.mobile (new account)',
    method: 'POST',
    url: () => `${P()}/users`,
    as: 'project',
    body: () => ({ ...newUser, roleId: 1, mobile: '123' }),
    message: `mobile: ${MOBILE_MESSAGE}`,
  },
  {
    schema: 'sendPhoneCodeBody.mobile',
    method: 'POST',
    url: () => '/iot/users/phoneCode',
    as: 'admin',
    body: () => ({ mobile: '1380000000', mobileCodeType: 'login' }),
    message: `mobile: ${MOBILE_MESSAGE}`,
  },
  {
    schema: 'checkPhoneCodeBody.mobile',
    method: 'POST',
    url: () => '/iot/users/checkPhoneCode',
    as: 'admin',
    body: () => ({ mobile: 'abc', mobileCode: '123456' }),
    message: `mobile: ${MOBILE_MESSAGE}`,
  },
  {
    schema: 'resetPasswordByCodeBody.mobile',
    method: 'PUT',
    url: () => '/iot/users/resetPassword',
    as: 'admin',
    body: () => ({ mobile: '1380000000', mobileCode: '123456', newPassword: 'Better#2026' }),
    message: `mobile: ${MOBILE_MESSAGE}`,
  },
  {
    schema: 'createCorporationBody.ownerMobile',
    method: 'POST',
    url: () => '/iot/corporations',
    as: 'admin',
    body: () => ({ name: '校验公司', owner: '张三', ownerMobile: '1380000000' }),
    message: `ownerMobile: ${MOBILE_MESSAGE}`,
  },
  {
    schema: 'updateCorporationBody.ownerMobile',
    method: 'PUT',
    url: () => `/iot/corporations/${corporationId}`,
    as: 'admin',
    body: () => ({ ownerMobile: '12' }),
    message: `ownerMobile: ${MOBILE_MESSAGE}`,
  },
  {
    schema: 'corporationSettingBody.ownerMobile',
    method: 'PUT',
    url: () => `/iot/corporations/${corporationId}/setting`,
    as: 'corp',
    body: () => ({ ownerMobile: '1380000000a' }),
    message: `ownerMobile: ${MOBILE_MESSAGE}`,
  },
];

const addressRows: Row[] = [
  {
    schema: 'webhookBody.url (empty)',
    method: 'POST',
    url: () => `${P()}/webhooks`,
    as: 'project',
    body: () => ({ url: '', types: ['warning'] }),
    message: `url: ${ADDRESS_REQUIRED}`,
  },
  {
    schema: 'webhookBody.url',
    method: 'POST',
    url: () => `${P()}/webhooks`,
    as: 'project',
    body: () => ({ url: 'http://not an address', types: ['warning'] }),
    message: `url: ${ADDRESS_FORMAT}`,
  },
  {
    schema: 'createCorporationBody.logoUrl',
    method: 'POST',
    url: () => '/iot/corporations',
    as: 'admin',
    body: () => ({ name: '校验公司', owner: '张三', ownerMobile: '13800000000', logoUrl: 'logo .png' }),
    message: `logoUrl: ${ADDRESS_FORMAT}`,
  },
  {
    schema: 'corporationSettingBody.logoUrl',
    method: 'PUT',
    url: () => `/iot/corporations/${corporationId}/setting`,
    as: 'corp',
    body: () => ({ logoUrl: 'javascript:alert(1)' }),
    message: `logoUrl: ${ADDRESS_FORMAT}`,
  },
  {
    schema: 'systemSettingsBody.logoUrl',
    method: 'PUT',
    url: () => '/iot/system',
    as: 'admin',
    body: () => ({ systemName: '平台', signInWays: ['password'], logoUrl: '//evil.example.com/x.png' }),
    message: `logoUrl: ${ADDRESS_FORMAT}`,
  },
  {
    schema: 'customDomainBody.logoUrl',
    method: 'POST',
    url: () => '/iot/customDomainConfigs',
    as: 'admin',
    body: () => ({ domainName: 'rules.example.com', loginSystemName: '校验', logoUrl: 'not a logo' }),
    message: `logoUrl: ${ADDRESS_FORMAT}`,
  },
  {
    schema: 'createProjectBody.logoUrl',
    method: 'POST',
    url: () => '/iot/projects',
    as: 'admin',
    body: () => ({ name: '校验项目', logoUrl: 'data:image/png;base64,AAAA' }),
    message: `logoUrl: ${ADDRESS_FORMAT}`,
  },
  {
    schema: 'updateProjectBody.logoUrl',
    method: 'PUT',
    url: () => `/iot/projects/${projectId}`,
    as: 'project',
    body: () => ({ logoUrl: 'a b' }),
    message: `logoUrl: ${ADDRESS_FORMAT}`,
  },
  {
    schema: 'profileBody.avatar',
    method: 'PUT',
    url: () => '/iot/users/current/profile',
    as: 'project',
    body: () => ({ avatar: 'no such image' }),
    message: `avatar: ${ADDRESS_FORMAT}`,
  },
];

const numberRows: Row[] = [
  {
    schema: 'ruleBody.high',
    method: 'POST',
    url: () => `${P()}/warningRules`,
    as: 'project',
    body: () => rule({ high: 'abc' }),
    message: `high: ${NUMBER_MESSAGE}`,
  },
  {
    schema: 'bulkRuleBody.low',
    method: 'POST',
    url: () => `${P()}/warningRules/batch`,
    as: 'project',
    body: () => ({
      ...rule({ low: '1' }),
      gatewayIndicatorId: undefined,
      gatewayIndicatorIds: [gatewayIndicatorId],
    }),
    message: `low: ${NUMBER_MESSAGE}`,
  },
  {
    schema: 'modbusConfigBody.pollIntervalSeconds',
    method: 'PUT',
    url: () => `${P()}/gateways/${gatewayId}/modbusConfig`,
    as: 'project',
    body: () => modbus({ pollIntervalSeconds: '60' }),
    message: `pollIntervalSeconds: ${NUMBER_MESSAGE}`,
  },
  {
    schema: 'gatewayIndicatorBody.decimalPlaces',
    method: 'PUT',
    url: () => `${P()}/gateways/${gatewayId}/indicators/${gatewayIndicatorId}`,
    as: 'project',
    body: () => ({ indicatorId: 1, alias: '温度', dataIdentification: 'temp', decimalPlaces: 'two' }),
    message: `decimalPlaces: ${NUMBER_MESSAGE}`,
  },
  {
    schema: 'indicatorBody.decimalPlaces',
    method: 'POST',
    url: () => `${P()}/indicators`,
    as: 'project',
    body: () => ({ name: '校验指标', type: 'float', decimalPlaces: 'x' }),
    message: `decimalPlaces: ${NUMBER_MESSAGE}`,
  },
  {
    schema: 'projectTermsBody.accessGatewayIndicatorMaxNum',
    method: 'PUT',
    url: () => `/iot/projects/${projectId}/terms`,
    as: 'admin',
    body: () => ({ accessGatewayIndicatorMaxNum: 'lots' }),
    message: `accessGatewayIndicatorMaxNum: ${NUMBER_MESSAGE}`,
  },
  {
    schema: 'messageSetting.warningMessageOperate',
    method: 'PUT',
    url: () => '/iot/users/current/messageSetting',
    as: 'project',
    body: () => ({ ...messageSettings, warningMessageOperate: '0' }),
    message: 'warningMessageOperate: 通知关闭方式只能是 0（自动关闭）或 1（手动关闭）',
  },
  {
    schema: 'modeBody.sort',
    method: 'POST',
    url: () => `${P()}/modes`,
    as: 'project',
    body: () => ({ name: '校验模式', sort: 'first' }),
    message: `sort: ${NUMBER_MESSAGE}`,
  },
  {
    schema: 'historyBody.perPage',
    method: 'POST',
    url: () => '/data-server/api/v2/gateways/history',
    as: 'project',
    body: () => ({ gatewayIds: [gatewayId], startTime: 0, stopTime: 1000, perPage: 'all' }),
    message: `perPage: ${NUMBER_MESSAGE}`,
  },
  {
    schema: 'pageQuery.size',
    method: 'GET',
    url: () => `${P()}/units?size=abc`,
    as: 'project',
    message: `size: ${NUMBER_MESSAGE}`,
  },
];

const decimalRows: Row[] = [
  {
    schema: 'ruleBody.low (integer digits)',
    method: 'POST',
    url: () => `${P()}/warningRules`,
    as: 'project',
    body: () => rule({ low: -1_234_567_890 }),
    message: 'low: 只能9位以内整数',
  },
  {
    schema: 'ruleBody.high (decimals)',
    method: 'POST',
    url: () => `${P()}/warningRules`,
    as: 'project',
    body: () => rule({ high: 2.1234567 }),
    message: 'high: 6位以内小数',
  },
  {
    schema: 'ruleBody.ratePerMinute',
    method: 'POST',
    url: () => `${P()}/warningRules`,
    as: 'project',
    body: () => rule({ kind: 'rate', ratePerMinute: 0.00000001 }),
    message: 'ratePerMinute: 6位以内小数',
  },
  {
    schema: 'ruleBody.hysteresis',
    method: 'POST',
    url: () => `${P()}/warningRules`,
    as: 'project',
    body: () => rule({ hysteresis: 10_000_000_000 }),
    message: 'hysteresis: 只能9位以内整数',
  },
  {
    schema: 'bulkRuleBody.high',
    method: 'POST',
    url: () => `${P()}/warningRules/batch`,
    as: 'project',
    body: () => ({
      ...rule({ high: 0.1234567 }),
      gatewayIndicatorId: undefined,
      gatewayIndicatorIds: [gatewayIndicatorId],
    }),
    message: 'high: 6位以内小数',
  },
  {
    schema: 'modbusIndicatorBody.scale',
    method: 'PUT',
    url: () => `${P()}/gateways/${gatewayId}/modbusConfig`,
    as: 'project',
    body: () => modbus({}, [point({ scale: 0.0000001 })]),
    message: 'indicators.0.scale: 6位以内小数',
  },
  {
    schema: 'gatewayTypeBody…modbus.scale',
    method: 'POST',
    url: () => `${P()}/gatewayTypes`,
    as: 'project',
    body: () =>
      gatewayType({ modbus: { slaveId: 1, functionCode: 3, address: 0, dataType: 'INT16', scale: 1e10 } }),
    message: 'indicators.0.modbus.scale: 只能9位以内整数',
  },
  {
    schema: 'controlBody.value',
    method: 'POST',
    url: () => `/data-server/api/v2/gateways/${gatewayId}/control`,
    as: 'project',
    body: () => ({ metric: 'temp', value: 1.0000001 }),
    message: 'value: 6位以内小数',
  },
  {
    schema: 'messageSetting.otherMessageOperate',
    method: 'PUT',
    url: () => '/iot/users/current/messageSetting',
    as: 'project',
    body: () => ({ ...messageSettings, otherMessageOperate: 4.5 }),
    message: 'otherMessageOperate: 通知关闭方式只能是 0（自动关闭）或 1（手动关闭）',
  },
  {
    schema: 'repairProposal.rule.value',
    method: 'POST',
    url: () => `/iot/dataRepair/preview?groupId=${projectId}`,
    as: 'project',
    body: () => ({
      gatewayIndicatorId,
      startTime: 0,
      stopTime: 1000,
      mode: 'rule',
      rule: { kind: 'offset', value: '1.1234567' },
    }),
    message: 'rule.value: 6位以内小数',
  },
];

const positiveRows: Row[] = [
  {
    schema: 'modbusSettings.pollIntervalSeconds',
    method: 'PUT',
    url: () => `${P()}/gateways/${gatewayId}/modbusConfig`,
    as: 'project',
    body: () => modbus({ pollIntervalSeconds: 0 }),
    message: `pollIntervalSeconds: ${ModbusMessages.POLL_INTERVAL}`,
  },
  {
    schema: 'modbusIndicatorBody.length',
    method: 'PUT',
    url: () => `${P()}/gateways/${gatewayId}/modbusConfig`,
    as: 'project',
    body: () => modbus({}, [point({ dataType: 'string', length: 1.5 })]),
    message: `indicators.0.length: ${ModbusMessages.STRING_LENGTH}`,
  },
  {
    schema: 'gatewayTypeBody.modbusSettings.pollIntervalSeconds',
    method: 'POST',
    url: () => `/iot/gatewayFirms/${firmId}/gatewayTypes`,
    as: 'firm',
    body: () => ({ ...gatewayType({}), modbusSettings: modbus({ pollIntervalSeconds: -5 }) }),
    message: `modbusSettings.pollIntervalSeconds: ${ModbusMessages.POLL_INTERVAL}`,
  },
  {
    schema: 'ruleBody.offlineMinutes',
    method: 'POST',
    url: () => `${P()}/warningRules`,
    as: 'project',
    body: () => ({ gatewayId, kind: 'offline', offlineMinutes: 0 }),
    message: `offlineMinutes: ${POSITIVE_INTEGER_MESSAGE}`,
  },
  {
    schema: 'chartBody.buckets',
    method: 'POST',
    url: () => '/data-server/api/v2/gateways/chart',
    as: 'project',
    body: () => ({ gatewayIds: [gatewayId], startTime: 0, stopTime: 1000, buckets: 0 }),
    message: `buckets: ${POSITIVE_INTEGER_MESSAGE}`,
  },
  // Page sizes: the shared pageQuery and every list query that declares its own.
  ...[
    ['pageQuery (units)', () => `${P()}/units`, 'project'],
    ['pageQuery (gateways)', () => `${P()}/gateways`, 'project'],
    ['pageQuery (gateway types)', () => `${P()}/gatewayTypes`, 'project'],
    ['pageQuery (corporations)', () => '/iot/corporations', 'admin'],
    ['userListQuery', () => '/iot/users', 'admin'],
    ['projectListQuery', () => '/iot/projects', 'admin'],
    ['indicatorListQuery', () => `${P()}/indicators`, 'project'],
    ['gatewayIndicatorListQuery', () => `${P()}/gateways/${gatewayId}/indicators`, 'project'],
    ['ruleListQuery', () => `${P()}/warningRules`, 'project'],
    ['warningListQuery', () => `${P()}/warnings`, 'project'],
    ['messageListQuery', () => '/iot/messages', 'project'],
    ['operationLogQuery', () => `${P()}/operationLogs`, 'project'],
    ['repairListQuery', () => `/iot/dataRepair?groupId=${projectId}`, 'project'],
    ['auditListQuery', () => `/iot/projects/auditRecordNoAuth?groupId=${projectId}`, 'project'],
  ].map(
    ([schema, url, as]) =>
      ({
        schema: `${schema as string}.size`,
        method: 'GET',
        url: () => `${(url as () => string)()}${(url as () => string)().includes('?') ? '&' : '?'}size=0`,
        as: as as Row['as'],
        message: `size: ${POSITIVE_INTEGER_MESSAGE}`,
      }) satisfies Row,
  ),
];

const rangeRows: Row[] = [
  {
    schema: 'projectTermsBody.sendMessagesTotalNum',
    method: 'PUT',
    url: () => `/iot/projects/${projectId}/terms`,
    as: 'admin',
    body: () => ({ sendMessagesTotalNum: -2 }),
    message: 'sendMessagesTotalNum: 须为 -1（不限）或不小于 0 的整数',
  },
  {
    schema: 'projectTermsBody.rawRetentionDays',
    method: 'PUT',
    url: () => `/iot/projects/${projectId}/terms`,
    as: 'admin',
    body: () => ({ rawRetentionDays: 36_501 }),
    message: 'rawRetentionDays: 保留天数须为 0～36500 的整数',
  },
  {
    schema: 'ruleBody.delaySeconds',
    method: 'POST',
    url: () => `${P()}/warningRules`,
    as: 'project',
    body: () => rule({ delaySeconds: 1.5 }),
    message: 'delaySeconds: 请输入0～86400的整数',
  },
  {
    schema: 'gatewayIndicatorBody.repositionDelay',
    method: 'PUT',
    url: () => `${P()}/gateways/${gatewayId}/indicators/${gatewayIndicatorId}`,
    as: 'project',
    body: () => ({ indicatorId: 1, alias: '温度', dataIdentification: 'temp', repositionDelay: -1 }),
    message: 'repositionDelay: 请输入0～86400的整数',
  },
  {
    schema: 'modeBody.sort',
    method: 'POST',
    url: () => `${P()}/modes`,
    as: 'project',
    body: () => ({ name: '校验模式', sort: 10_000 }),
    message: 'sort: 请输入0～9999的整数',
  },
];

const notEmptyRows: Row[] = [
  {
    schema: 'unitBody.name',
    method: 'POST',
    url: () => `${P()}/units`,
    as: 'project',
    body: () => ({ name: '  ' }),
    message: `name: ${NOT_EMPTY_MESSAGE}`,
  },
  {
    schema: 'gatewayFirmNameCheckQuery.name',
    method: 'GET',
    url: () => '/iot/gatewayFirms/checkName?name=%20',
    as: 'admin',
    message: `name: ${NOT_EMPTY_MESSAGE}`,
  },
  {
    schema: 'aliasCheckQuery.alias',
    method: 'GET',
    url: () => `${P()}/gateways/checkAlias?alias=`,
    as: 'project',
    message: `alias: ${NOT_EMPTY_MESSAGE}`,
  },
];

const messageSettings = {
  isShowMessage: true,
  isMuteMessageSound: false,
  warningMessageOperate: 0,
  malfunctionMessageOperate: 0,
  maintenanceMessageOperate: 0,
  otherMessageOperate: 1,
  isWarningVoice: false,
  isMalfunctionVoice: false,
  isMaintenanceVoice: false,
  isOtherVoice: false,
};

beforeAll(async () => {
  t = await startServer();
  tokens.admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  const login = async (account: { username: string; password: string }) =>
    (await t.login(account.username, account.password)).access;
  tokens.project = await login(DEMO_ACCOUNTS.projectAdmin);
  tokens.corp = await login(DEMO_ACCOUNTS.corporationAdmin);
  tokens.firm = await login(DEMO_ACCOUNTS.firmAdmin);
  projectId = t.server.seeded.demoProjectId!;
  const ok = <T>(url: string, token: string) => t.ok<T>('GET', url, { token });
  corporationId = (await ok<Page<{ id: number }>>('/iot/corporations/byCurUser', tokens.corp)).list[0]!.id;
  firmId = (await ok<Page<{ id: number }>>('/iot/gatewayFirms/byCurUser', tokens.firm)).list[0]!.id;
  const gateway = await createGateway(t, projectId, [{ key: 'temp', type: 'float', ioType: 'rw' }]);
  gatewayId = gateway.id;
  gatewayIndicatorId = gateway.indicators.temp!;
  userId = (await ok<Page<{ userId: number }>>('/iot/users?size=1', tokens.admin)).list[0]!.userId;
});
afterAll(() => t?.close());

describe.each([
  ['mobile: 输入的手机号错误', mobileRows],
  ['address: 请输入地址 / 输入的地址格式错误', addressRows],
  ['number: 请输入数字！', numberRows],
  ['decimal rule: 只能N位以内整数 / N位以内小数', decimalRows],
  ['positive integer', positiveRows],
  ['whole numbers in a range', rangeRows],
  ['not empty: 不能为空', notEmptyRows],
])('%s', (_, rows) => {
  it.each(rows.map((row) => [row.schema, row] as const))('%s', async (_, row) => {
    const answer = await t.request(row.method, row.url(), { token: tokens[row.as], body: row.body?.() });
    expect(answer.body, `${row.method} ${row.url()}`).toMatchObject({ code: 40000, message: row.message });
    expect(answer.status).toBe(400);
  });
});

describe('the sign-in by phone code', () => {
  it('refuses a mobile that is not 11 digits with 输入的手机号错误', async () => {
    const answer = await t.grant({ grant_type: 'sms', username: '1380000', smscode: '123456' });
    expect(answer.body).toMatchObject({ code: 40000, message: `username: ${MOBILE_MESSAGE}` });
  });
});
