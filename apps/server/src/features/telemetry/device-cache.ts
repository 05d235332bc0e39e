import type { IngestService } from './ingest.service.js';
import type { DeviceIdentity } from './protocol.js';

/** How long a serial number's gateway is reused before it is read again (as the indicator bindings). */
const TTL_MS = 5000;

/**
 * Gateways by serial number for messages relayed by an external broker, which names the device
 * only in the topic. Hundreds of messages are in flight at once: one lookup per gateway and TTL
 * instead of one query per message, and concurrent lookups of one serial share a query. Unknown
 * serial numbers are not remembered, so a gateway created a moment ago is found at once.
 */
export class DeviceCache {
  private readonly entries = new Map<string, { at: number; device: Promise<DeviceIdentity | null> }>();

  constructor(private readonly ingest: IngestService) {}

  bySerial(serialNumber: string): Promise<DeviceIdentity | null> {
    const now = Date.now();
    const cached = this.entries.get(serialNumber);
    if (cached && now - cached.at < TTL_MS) return cached.device;
    const device = this.ingest.deviceBySerial(serialNumber);
    this.entries.set(serialNumber, { at: now, device });
    const forget = () => {
      if (this.entries.get(serialNumber)?.device === device) this.entries.delete(serialNumber);
    };
    device.then((found) => {
      if (!found) forget();
    }, forget);
    return device;
  }
}
