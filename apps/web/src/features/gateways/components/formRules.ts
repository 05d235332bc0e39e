import { GatewayMessages, gatewayFields, serialNumber } from '@iot/contracts/gateways';
import type { FormRule } from 'antd';
import { schemaRule } from '../../../components/schemaRule';
import { type GatewayScope, gatewaysApi } from '../api';

export { schemaRule };

/** Serial number: required, the contracts' pattern, and free on the whole platform (checked on blur). */
export function serialNumberRules(scope: GatewayScope): FormRule[] {
  return [
    { required: true, whitespace: true, message: '请输入序列号' },
    schemaRule(serialNumber),
    {
      validateTrigger: 'onBlur',
      validator: async (_, value: string | undefined) => {
        const text = value?.trim();
        if (!text || !serialNumber.safeParse(text).success) return;
        if (!(await gatewaysApi.serialAvailable(scope, text))) throw new Error(GatewayMessages.SERIAL_TAKEN);
      },
    },
  ];
}

/** Alias: required, at most 64 characters, unique in the project (checked on blur). */
export function aliasRules(scope: GatewayScope, excludeId?: number): FormRule[] {
  return [
    { required: true, whitespace: true, message: '请输入网关别名' },
    schemaRule(gatewayFields.alias),
    {
      validateTrigger: 'onBlur',
      validator: async (_, value: string | undefined) => {
        const text = value?.trim();
        if (!text) return;
        if (!(await gatewaysApi.aliasAvailable(scope, text, excludeId)))
          throw new Error(GatewayMessages.ALIAS_TAKEN);
      },
    },
  ];
}

export const iccidRules: FormRule[] = [schemaRule(gatewayFields.iccid)];
export const batchRules: FormRule[] = [schemaRule(gatewayFields.batchOrContract)];
