import { buildManscdp, child, childText, MANSCDP_CONTENT_TYPE, type XmlElement } from './manscdp.js';
import type { GbSipServer } from './sip-server.js';

/** A query's answer took too long (the device said 200 to the MESSAGE, then nothing). */
export class GbQueryTimeoutError extends Error {
  override name = 'timeout';
  constructor(readonly cmdType: string) {
    super(`GB28181 ${cmdType} answer timed out`);
  }
}

interface Waiting {
  deviceId: string;
  listName: string;
  items: XmlElement[];
  first: XmlElement | null;
  resolve(answer: { root: XmlElement; items: XmlElement[] }): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Queries and controls sent as MESSAGE (GB/T 28181-2016 Annex A.2): a Query names a CmdType and a
 * serial number SN; the device answers 200 at once and later sends MESSAGE Response documents with
 * the same CmdType and SN — possibly several, each with part of the list (`SumNum` says how many
 * items in all). The answer is the first Response with every item gathered; on the deadline what
 * came so far (if anything) is the answer.
 */
export class GbQueries {
  private sn = Math.floor(Math.random() * 100_000);
  private readonly waiting = new Map<string, Waiting>();

  constructor(private readonly server: GbSipServer) {}

  async ask(input: {
    deviceId: string;
    /** Whose DeviceID the query carries: the device, or one of its channels (RecordInfo). */
    targetId: string;
    cmdType: string;
    fields?: [string, string | number][];
    /** The list element whose Items are gathered (DeviceList, RecordList); none: the first Response. */
    listName?: string;
  }): Promise<{ root: XmlElement; items: XmlElement[] }> {
    const sn = ++this.sn;
    const key = `${input.cmdType}:${sn}`;
    const body = buildManscdp('Query', [
      ['CmdType', input.cmdType],
      ['SN', sn],
      ['DeviceID', input.targetId],
      ...(input.fields ?? []),
    ]);
    const answer = new Promise<{ root: XmlElement; items: XmlElement[] }>((resolve, reject) => {
      const timer = setTimeout(() => {
        const entry = this.waiting.get(key);
        this.waiting.delete(key);
        if (entry?.first) resolve({ root: entry.first, items: entry.items });
        else reject(new GbQueryTimeoutError(input.cmdType));
      }, this.server.settings.requestTimeoutMs);
      this.waiting.set(key, {
        deviceId: input.deviceId,
        listName: input.listName ?? '',
        items: [],
        first: null,
        resolve,
        reject,
        timer,
      });
    });
    // Settled before anyone awaits it (shut down while the MESSAGE is still out): not unhandled.
    answer.catch(() => undefined);
    try {
      await this.server.sendMessage(input.deviceId, input.targetId, body, MANSCDP_CONTENT_TYPE);
    } catch (error) {
      const entry = this.waiting.get(key);
      if (entry) clearTimeout(entry.timer);
      this.waiting.delete(key);
      throw error;
    }
    return answer;
  }

  /** A Response MESSAGE arrived from a device: part of the answer to one of our queries, or nothing. */
  deliver(deviceId: string, cmdType: string, root: XmlElement): void {
    const key = `${cmdType}:${childText(root, 'SN') ?? ''}`;
    const entry = this.waiting.get(key);
    // Another device cannot answer for this one.
    if (!entry || entry.deviceId !== deviceId) return;
    const first = entry.first ?? root;
    entry.first = first;
    const list = entry.listName ? child(root, entry.listName) : undefined;
    if (list) entry.items.push(...list.children.filter((c) => c.name.toLowerCase() === 'item'));
    const sum = Number(childText(root, 'SumNum') ?? 0);
    if (!entry.listName || !Number.isFinite(sum) || entry.items.length >= sum) {
      clearTimeout(entry.timer);
      this.waiting.delete(key);
      entry.resolve({ root: first, items: entry.items });
    }
  }

  /** A DeviceControl (PTZCmd and the like) or other Control document; resolves on the device's 200. */
  async control(
    deviceId: string,
    targetId: string,
    fields: [string, string | number | [string, string | number][]][],
  ) {
    const body = buildManscdp('Control', [
      ['CmdType', 'DeviceControl'],
      ['SN', ++this.sn],
      ['DeviceID', targetId],
      ...fields,
    ]);
    await this.server.sendMessage(deviceId, targetId, body, MANSCDP_CONTENT_TYPE);
  }

  closeAll(): void {
    for (const entry of this.waiting.values()) {
      clearTimeout(entry.timer);
      entry.reject(new Error('GB28181 server closed'));
    }
    this.waiting.clear();
  }
}
