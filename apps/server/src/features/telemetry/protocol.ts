/**
 * Topics of the device protocol (docs/decisions/0008-device-protocol.md): native topics under
 * gateways/{serialNumber}/…, and ThingsBoard-compatible v1/devices/me/… for existing firmware.
 */
export interface DeviceIdentity {
  gatewayId: number;
  serialNumber: string;
  projectId: number | null;
}

export const nativeTelemetryTopic = (serialNumber: string) => `gateways/${serialNumber}/telemetry`;
export const nativeCommandsTopic = (serialNumber: string) => `gateways/${serialNumber}/commands`;
export const nativeAckTopic = (serialNumber: string) => `gateways/${serialNumber}/commands/ack`;
export const TB_TELEMETRY_TOPIC = 'v1/devices/me/telemetry';
export const TB_RPC_REQUEST_TOPIC = 'v1/devices/me/rpc/request/+';
export const tbRpcRequestTopic = (requestId: number) => `v1/devices/me/rpc/request/${requestId}`;
const TB_RPC_RESPONSE = /^v1\/devices\/me\/rpc\/response\/(\d+)$/;

/** The request id a ThingsBoard RPC response answers, or null when the topic is not one. */
export function tbRpcResponseId(topic: string): number | null {
  const match = TB_RPC_RESPONSE.exec(topic);
  return match ? Number(match[1]) : null;
}

/**
 * Separates the serial number from the rest of a device's MQTT client id. Serial numbers are
 * letters, digits, - and _ (contracts), so `SN1:x` can never be read as a client id of `SN1`'s
 * neighbour `SN1x`, as a bare prefix would (`SN1` would claim `SN12`'s id).
 */
export const CLIENT_ID_SEPARATOR = ':';

/**
 * A device's MQTT client id is its serial number, or the serial number, `:` and anything (a device
 * keeping two connections); `undefined` is an id the embedded broker made up for a device that sent
 * none. Brokers close the older session of a duplicate id, so binding ids to the credential keeps
 * one tenant's device from knocking another's off (docs/decisions/0008-device-protocol.md).
 */
export function clientIdAllowed(device: DeviceIdentity, clientId: string | undefined): boolean {
  return (
    clientId === undefined ||
    clientId === device.serialNumber ||
    clientId.startsWith(`${device.serialNumber}${CLIENT_ID_SEPARATOR}`)
  );
}

export function isTelemetryTopic(device: DeviceIdentity, topic: string): boolean {
  return topic === nativeTelemetryTopic(device.serialNumber) || topic === TB_TELEMETRY_TOPIC;
}

/** A device publishes only its own telemetry and command answers. */
export function canPublish(device: DeviceIdentity, topic: string): boolean {
  return (
    isTelemetryTopic(device, topic) ||
    topic === nativeAckTopic(device.serialNumber) ||
    TB_RPC_RESPONSE.test(topic)
  );
}

/** A device subscribes only to its own commands. */
export function canSubscribe(device: DeviceIdentity, topic: string): boolean {
  return topic === nativeCommandsTopic(device.serialNumber) || topic === TB_RPC_REQUEST_TOPIC;
}
