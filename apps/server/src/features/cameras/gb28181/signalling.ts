import { formatChinaTime, parseChinaTime } from '../backends/china-time.js';
import type { Gb28181Signalling } from '../backends/gb28181.js';
import type { CatalogItem, GbDevicesRepository } from './devices.repository.js';
import { childText, type XmlElement } from './manscdp.js';
import { GB_ID } from './settings.js';
import type { GbSipServer } from './sip-server.js';

/** The device has no channel of this number (its catalog, asked just now, does not list one). */
export class GbNoChannelError extends Error {
  override name = 'no-channel';
  constructor(readonly channelNo: number) {
    super(`no channel ${channelNo}`);
  }
}

/** GB/T 28181 times: China time, `YYYY-MM-DDTHH:mm:ss`. */
const gbTime = (date: Date) => formatChinaTime(date).replace(' ', 'T');

/**
 * The built-in security-management platform as the GB28181 camera back-end sees it: channels from
 * the stored catalog (asked again when a number is unknown), INVITE/BYE through GbSessions,
 * RecordInfo and DeviceControl through GbQueries.
 */
export class BuiltInGbSignalling implements Gb28181Signalling {
  constructor(
    private readonly server: GbSipServer,
    private readonly devices: GbDevicesRepository,
  ) {}

  /** Asks the device for its catalog and stores it (the channels cameras pick by number). */
  async refreshCatalog(deviceId: string): Promise<CatalogItem[]> {
    const { items } = await this.server.queries.ask({
      deviceId,
      targetId: deviceId,
      cmdType: 'Catalog',
      listName: 'DeviceList',
    });
    const channels = items.flatMap((item): CatalogItem[] => {
      const channelId = childText(item, 'DeviceID') ?? '';
      if (!GB_ID.test(channelId)) return [];
      return [
        {
          channelId,
          name: childText(item, 'Name') ?? '',
          manufacturer: childText(item, 'Manufacturer') ?? '',
          model: childText(item, 'Model') ?? '',
          status: (childText(item, 'Status') ?? '').toUpperCase(),
        },
      ];
    });
    await this.devices.saveCatalog(deviceId, channels);
    return channels;
  }

  /** DeviceInfo (optional in the issue): name, maker, model, firmware stored with the device. */
  async refreshInfo(deviceId: string): Promise<void> {
    const { root } = await this.server.queries.ask({ deviceId, targetId: deviceId, cmdType: 'DeviceInfo' });
    await this.devices.setInfo(deviceId, {
      name: (childText(root, 'DeviceName') ?? '').slice(0, 128),
      manufacturer: (childText(root, 'Manufacturer') ?? '').slice(0, 64),
      model: (childText(root, 'Model') ?? '').slice(0, 64),
      firmware: (childText(root, 'Firmware') ?? '').slice(0, 64),
    });
  }

  /**
   * The SIP id of the device's channel `channelNo` (1, 2, … as its catalog first listed them). Not
   * stored yet: the catalog is asked now. A device whose catalog lists no channel at all is its own
   * channel 1 (single-channel cameras that answer an empty catalog).
   */
  async channelId(deviceId: string, channelNo: number): Promise<string> {
    let channels = await this.devices.channels(deviceId);
    let found = channels.find((c) => c.channel_no === channelNo);
    if (!found) {
      await this.refreshCatalog(deviceId);
      channels = await this.devices.channels(deviceId);
      found = channels.find((c) => c.channel_no === channelNo);
    }
    if (found) return found.channel_id;
    if (channels.length === 0 && channelNo === 1) return deviceId;
    throw new GbNoChannelError(channelNo);
  }

  async invite(request: Parameters<Gb28181Signalling['invite']>[0]): Promise<void> {
    await this.server.sessions.invite(request);
  }

  async bye(streamId: string): Promise<void> {
    await this.server.sessions.bye(streamId);
  }

  running(streamId: string): boolean {
    return this.server.sessions.has(streamId);
  }

  /** RecordInfo (Annex A.2.4.5) between the times: the device's recordings, in its order. */
  async records(deviceId: string, channelId: string, begin: Date, end: Date) {
    const { items } = await this.server.queries.ask({
      deviceId,
      targetId: channelId,
      cmdType: 'RecordInfo',
      listName: 'RecordList',
      fields: [
        ['StartTime', gbTime(begin)],
        ['EndTime', gbTime(end)],
        ['Secrecy', 0],
        ['Type', 'all'],
      ],
    });
    return items.flatMap((item: XmlElement) => {
      const from = parseChinaTime(childText(item, 'StartTime') ?? '');
      const to = parseChinaTime(childText(item, 'EndTime') ?? '');
      return from !== null && to !== null && to > from ? [{ begin: new Date(from), end: new Date(to) }] : [];
    });
  }

  /** DeviceControl with a PTZCmd (Annex A.2.3.1.2). */
  async ptz(deviceId: string, channelId: string, command: string): Promise<void> {
    await this.server.queries.control(deviceId, channelId, [
      ['PTZCmd', command],
      ['Info', [['ControlPriority', 5]]],
    ]);
  }
}
