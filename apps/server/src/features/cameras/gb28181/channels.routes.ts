import { id, Permission } from '@iot/contracts';
import { AggType, CAMERA_MENU, Gb28181Texts, gbChannels, gbChannelsQuery } from '@iot/contracts/cameras';
import { z } from 'zod';
import { badRequest } from '../../../platform/errors.js';
import type { Router } from '../../../platform/http/route.js';
import type { GbDevicesRepository } from './devices.repository.js';
import { GB_ID } from './settings.js';

/**
 * A GB28181 camera's device fields on create and edit: deviceSerial is the device's 20-digit id;
 * the device is the project's that added it first (every device registers with the one platform
 * password, so without this any project that learnt an id could watch another's cameras); once the
 * device's catalog is stored, channelNo must be one of its channels (a device not seen yet, or with
 * an empty catalog, is taken on trust: it may register later).
 */
export async function checkGbCamera(
  devices: GbDevicesRepository,
  projectId: number,
  camera: { aggType: number; deviceSerial: string; channelNo: number },
): Promise<void> {
  if (camera.aggType !== AggType.GB28181) return;
  if (!GB_ID.test(camera.deviceSerial)) throw badRequest(Gb28181Texts.DEVICE_ID_FORMAT);
  if (await devices.ownedElsewhere(camera.deviceSerial, projectId))
    throw badRequest(Gb28181Texts.DEVICE_TAKEN);
  const channels = await devices.channels(camera.deviceSerial);
  if (channels.length > 0 && !channels.some((c) => c.channel_no === camera.channelNo))
    throw badRequest(Gb28181Texts.NO_CHANNEL(camera.channelNo));
}

/**
 * The channel picker of a GB28181 camera (decision 0070): what the device's catalog listed, with
 * the numbers a camera's channelNo takes. Only for who may add or edit cameras (create bit), and
 * not for a device another project has as its camera.
 */
export function registerGbChannelRoutes(router: Router, devices: GbDevicesRepository): void {
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/cameras/gb28181Channels',
    summary: '国标设备的通道（目录查询所得；摄像头的 channelNo 取其中的通道号）；需新建权限',
    tags: ['视频监控'],
    params: z.object({ groupId: id }),
    query: gbChannelsQuery,
    access: {
      menu: CAMERA_MENU,
      bit: Permission.CREATE,
      scope: 'project',
      scopeId: ({ params }) => params.groupId,
    },
    response: gbChannels,
    handler: async ({ scope, query }) => {
      if (await devices.ownedElsewhere(query.deviceSerial, scope!.id))
        throw badRequest(Gb28181Texts.DEVICE_TAKEN);
      const device = await devices.device(query.deviceSerial);
      const channels = device ? await devices.channels(query.deviceSerial) : [];
      return {
        registered: Boolean(device),
        online: Boolean(device?.online) && (device?.expires_at ?? 0) > Date.now(),
        channels: channels.map((c) => ({
          channelNo: c.channel_no,
          channelId: c.channel_id,
          name: c.name,
          status: c.status,
        })),
      };
    },
  });
}
