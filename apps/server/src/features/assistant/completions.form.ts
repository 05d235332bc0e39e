import {
  CHAT_FILE_MAX_BYTES,
  CHAT_IMAGE_EXTENSIONS,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_MAX_FILES,
  ChatMessages,
} from '@iot/contracts/assistant';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/errors.js';
import { chatFileType } from '../../platform/files.js';
import type { UploadedChatFile } from './completions.service.js';

/** The multipart parser's limits for the completions route (files are checked by type below). */
export const COMPLETION_FORM_LIMITS = {
  fileSize: CHAT_FILE_MAX_BYTES,
  files: 20,
  fields: 200,
  fieldSize: 1024 * 1024,
};

const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set(CHAT_IMAGE_EXTENSIONS);

/**
 * Reads the completions form: its text fields (`name[]` and `name` alike, repeated ones as lists)
 * and its files, each checked against its limit while it arrives — an image (by its name: bmp, png,
 * jpg, jpeg, gif) up to 20 MB, any other file up to 150 MB — and against its first bytes. A refused
 * file is read to its end without being kept, so the client hears the refusal rather than a reset.
 */
export async function readCompletionForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string | string[]>; files: UploadedChatFile[] }> {
  const fields: Record<string, string | string[]> = {};
  const add = (rawName: string, value: string) => {
    const name = rawName.replace(/\[\]$/, '');
    const previous = fields[name];
    fields[name] =
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  };
  if (!request.isMultipart()) {
    // A url-encoded form (no files) is accepted too.
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const [name, value] of Object.entries(body))
      for (const item of Array.isArray(value) ? value : [value]) add(name, String(item));
    return { fields, files: [] };
  }

  const files: UploadedChatFile[] = [];
  let refusal: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        add(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
        continue;
      }
      const name = part.filename || 'file';
      const ext = name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
      const image = IMAGE_EXTENSIONS.has(ext);
      const limit = image ? CHAT_IMAGE_MAX_BYTES : CHAT_FILE_MAX_BYTES;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size <= limit && refusal === undefined) chunks.push(chunk);
      }
      if (refusal !== undefined) continue;
      if (size > limit || part.file.truncated)
        refusal = image ? ChatMessages.IMAGE_SIZE : ChatMessages.FILE_SIZE;
      else if (size === 0) refusal = ChatMessages.FILE_EMPTY;
      else if (files.length >= CHAT_MAX_FILES) refusal = ChatMessages.TOO_MANY_FILES;
      else {
        const data = Buffer.concat(chunks);
        const type = chatFileType(data, name);
        if (!type || image !== type.contentType.startsWith('image/')) refusal = ChatMessages.FILE_FORMAT;
        else files.push({ name: name.slice(0, 255), data });
      }
    }
  } catch {
    throw badRequest('表单格式不正确，请重新提交');
  }
  if (refusal !== undefined) throw badRequest(refusal);
  return { fields, files };
}
