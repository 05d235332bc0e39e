import { id, Permission } from '@iot/contracts';
import { modbusConfig, modbusConfigBody } from '@iot/contracts/modbus';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { ModbusService } from './modbus.service.js';

const MENU = 'router-indicatorConfig';
const tags = ['Modbus配置'];
const url = '/iot/groups/:groupId/gateways/:gatewayId/modbusConfig';
const params = z.object({ groupId: id, gatewayId: id });
const scopeId = ({ params }: { params: { groupId: number } }) => params.groupId;

export function registerModbusRoutes(router: Router, service: ModbusService): void {
  router.route({
    method: 'GET',
    url,
    summary: '网关的 Modbus 配置（串口参数、采集周期、各网关指标的从站、功能码、地址、数据类型、字节序）',
    tags,
    params,
    access: { menu: MENU, bit: Permission.READ, scope: 'project', scopeId },
    response: modbusConfig,
    handler: ({ scope, params }) => service.get(scope!.id, params.gatewayId),
  });
  router.route({
    method: 'PUT',
    url,
    summary: '保存网关的 Modbus 配置（整体替换；未列出的网关指标不再采集）',
    tags,
    params,
    body: modbusConfigBody,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'project', scopeId },
    response: modbusConfig,
    handler: ({ scope, params, body }) => service.update(scope!.id, params.gatewayId, body),
  });
}
