import type { PointValue } from '@iot/contracts/indicators';
import {
  type DeviceChannel,
  nativeCommandsTopic,
  TB_RPC_REQUEST_TOPIC,
  tbRpcRequestTopic,
} from '../telemetry/index.js';

/** A command on its way to a device. */
export interface Command {
  /** The instruction record's id: the device's answer names it. */
  id: number;
  gatewayId: number;
  serialNumber: string;
  gatewayIndicatorId: number;
  metric: string;
  value: PointValue;
}

/**
 * A way to reach devices: MQTT topics, or a DTU's Modbus connection. `send` hands the command over
 * when this transport reaches the gateway now and answers whether it did; the device's answer
 * comes back through `CommandAnswers.answer`, and a gateway that becomes reachable is announced
 * through `CommandAnswers.ready` so commands queued while it was away go out.
 */
export interface CommandTransport {
  send(command: Command): Promise<boolean>;
}

/** What transports call back into remote control. */
export interface CommandAnswers {
  answer(gatewayId: number, id: number, success: boolean, message?: string): Promise<void>;
  ready(gatewayId: number, serialNumber: string): void;
}

/** Whether a subscription is one on which a device takes its commands. */
export function isCommandsFilter(serialNumber: string, filter: string): boolean {
  return filter === nativeCommandsTopic(serialNumber) || filter === TB_RPC_REQUEST_TOPIC;
}

/**
 * MQTT devices: native devices get `{id, metric, value}` on gateways/{serial}/commands, ThingsBoard
 * devices an RPC request; each reaches only the gateway's own sessions subscribed to it.
 */
export function mqttTransport(devices: DeviceChannel): CommandTransport {
  return {
    async send(command) {
      const [native, thingsBoard] = await Promise.all([
        devices.sendTo(
          command.gatewayId,
          nativeCommandsTopic(command.serialNumber),
          JSON.stringify({ id: command.id, metric: command.metric, value: command.value }),
        ),
        devices.sendTo(
          command.gatewayId,
          tbRpcRequestTopic(command.id),
          JSON.stringify({ method: 'setValue', params: { [command.metric]: command.value } }),
        ),
      ]);
      return native + thingsBoard > 0;
    },
  };
}
