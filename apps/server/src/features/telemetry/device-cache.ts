import type { IngestService } from './ingest.service.js';
import type { DeviceIdentity } from './protocol.js';

/** How long a serial number's gateway is used before it is read again (as the indicator bindings). */
const TTL_MS = 5000;

interface Entry {
  /** The gateway as last read; null while the first read is under way. */
  device: DeviceIdentity | null;
  at: number;
  /** The read under way: the first one, or a refresh of an entry past its TTL. */
  reading: Promise<DeviceIdentity | null> | null;
}

/**
 * Gateways by serial number for messages relayed by an external broker, which names the device only
 * in the topic. A thousand messages are in flight at once, so a known gateway never waits for the
 * database: past its TTL it is refreshed in the background while messages go on with the entry as
 * it was, and a refresh that fails (a pool busy with writes, a database away) keeps it. Waiting
 * here made every in-flight message of the gateway fail together when the pool was slow, and the
 * broker then delivered all of them again (decision 0028). A serial number not known yet waits for
 * its read, shared by concurrent messages; an unknown one is not remembered, so a gateway created a
 * moment ago is found at once, and one deleted stops being found at its next refresh.
 */
export class DeviceCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ingest: Pick<IngestService, 'deviceBySerial'>,
    private readonly now: () => number = Date.now,
  ) {}

  bySerial(serialNumber: string): Promise<DeviceIdentity | null> {
    const entry = this.entries.get(serialNumber);
    if (entry?.device) {
      if (!entry.reading && this.now() - entry.at >= TTL_MS) this.read(serialNumber, entry).catch(() => {});
      return Promise.resolve(entry.device);
    }
    if (entry?.reading) return entry.reading;
    const fresh: Entry = { device: null, at: 0, reading: null };
    this.entries.set(serialNumber, fresh);
    return this.read(serialNumber, fresh);
  }

  private read(serialNumber: string, entry: Entry): Promise<DeviceIdentity | null> {
    const reading = this.ingest.deviceBySerial(serialNumber);
    entry.reading = reading;
    const current = () => this.entries.get(serialNumber) === entry;
    reading.then(
      (device) => {
        entry.reading = null;
        if (!current()) return;
        if (!device) this.entries.delete(serialNumber);
        else Object.assign(entry, { device, at: this.now() });
      },
      () => {
        entry.reading = null;
        // A refresh that failed keeps what was known and tries again after another TTL; a first read
        // that failed leaves nothing, so the next message asks again.
        if (!current()) return;
        if (entry.device) entry.at = this.now();
        else this.entries.delete(serialNumber);
      },
    );
    return reading;
  }
}
