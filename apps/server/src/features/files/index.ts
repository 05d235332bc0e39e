import { z } from 'zod';
import { notFound } from '../../platform/errors.js';
import { PRIVATE_FOLDERS } from '../../platform/files.js';
import type { Platform } from '../../platform/platform.js';

/**
 * Serves stored images and attachments (work-order photos and documents). Their names are 128-bit random, so a path is shared only with those who
 * were shown it; avatars are meant to be seen by other users of the platform.
 */
export function filesFeature(platform: Platform): void {
  platform.router.publicRoute({
    method: 'GET',
    url: '/iot/files/:folder/:name',
    summary: '读取已上传的图片或附件（头像、工单照片与文档）',
    tags: ['文件'],
    params: z.object({ folder: z.string(), name: z.string() }),
    raw: true,
    handler: async ({ params, reply }) => {
      const file = PRIVATE_FOLDERS.has(params.folder)
        ? undefined
        : await platform.files.read(params.folder, params.name);
      if (!file) throw notFound('文件不存在');
      reply
        .type(file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      // Documents are downloaded, never shown in the page's origin.
      if (!file.contentType.startsWith('image/')) reply.header('content-disposition', 'attachment');
      return reply.send(file.data);
    },
  });
}
