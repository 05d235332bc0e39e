import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ATTACHMENT_EXTENSIONS, AttachmentMessages, attachmentProblem } from '@iot/contracts';
import { badRequest } from './errors.js';

/** Images the platform accepts, told apart by their first bytes rather than by a name or a header. */
const SIGNATURES: { ext: string; contentType: string; test(data: Buffer): boolean }[] = [
  {
    ext: 'png',
    contentType: 'image/png',
    test: (d) => d.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { ext: 'jpg', contentType: 'image/jpeg', test: (d) => d[0] === 0xff && d[1] === 0xd8 && d[2] === 0xff },
  { ext: 'gif', contentType: 'image/gif', test: (d) => d.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    ext: 'webp',
    contentType: 'image/webp',
    test: (d) =>
      d.subarray(0, 4).toString('latin1') === 'RIFF' && d.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

export function imageType(data: Buffer): { ext: string; contentType: string } | undefined {
  return SIGNATURES.find((signature) => signature.test(data));
}

const zip = (d: Buffer) => d[0] === 0x50 && d[1] === 0x4b && (d[2] === 3 || d[2] === 5) && d[3] === d[2] + 1;
const ole = (d: Buffer) =>
  d.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
/** Text: no NUL byte and valid UTF-8 (a binary renamed .txt is not text). */
const text = (d: Buffer) => !d.includes(0) && Buffer.from(d.toString('utf8'), 'utf8').equals(d);

/**
 * Documents kept as attachments (the attachment uploader's types, feature-areas §5), by the name's
 * ending, each checked against its first bytes: a renamed executable is refused.
 */
const DOCUMENTS: Record<string, { contentType: string; test(data: Buffer): boolean }> = {
  pdf: { contentType: 'application/pdf', test: (d) => d.subarray(0, 5).toString('latin1') === '%PDF-' },
  txt: { contentType: 'text/plain; charset=utf-8', test: text },
  doc: { contentType: 'application/msword', test: ole },
  xls: { contentType: 'application/vnd.ms-excel', test: ole },
  ppt: { contentType: 'application/vnd.ms-powerpoint', test: ole },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    test: zip,
  },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', test: zip },
  pptx: {
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    test: zip,
  },
  zip: { contentType: 'application/zip', test: zip },
  rar: { contentType: 'application/vnd.rar', test: (d) => d.subarray(0, 4).toString('latin1') === 'Rar!' },
};

/**
 * What an uploaded attachment is: an image by its first bytes (whatever its name says), otherwise a
 * document whose name's ending is one of DOCUMENTS and whose bytes agree with it.
 */
export function attachmentType(
  data: Buffer,
  fileName: string,
): { ext: string; contentType: string } | undefined {
  const image = imageType(data);
  if (image) return image;
  const ext = fileName.toLowerCase().match(/\.([a-z0-9]{1,5})$/)?.[1];
  const document = ext === undefined ? undefined : DOCUMENTS[ext];
  return ext && document?.test(data) ? { ext, contentType: document.contentType } : undefined;
}

/**
 * The attachment uploader's rules on the server (feature-areas §5): the name ends in one of the
 * twelve types (or `extensions`), the file is under 200 MB, and its bytes are what its name says.
 * Answers the stored type; refuses with the spec's messages.
 */
export function checkAttachment(
  data: Buffer,
  fileName: string,
  extensions: readonly string[] = ATTACHMENT_EXTENSIONS,
): { ext: string; contentType: string } {
  const problem = attachmentProblem({ name: fileName, size: data.length }, extensions);
  if (problem) throw badRequest(problem);
  const type = attachmentType(data, fileName);
  // An image is told by its bytes: a GIF named .jpg is still a GIF, and not one of the types.
  if (!type || !extensions.includes(type.ext)) throw badRequest(AttachmentMessages.FORMAT);
  return type;
}

const BMP = { ext: 'bmp', contentType: 'image/bmp' };
const isBmp = (d: Buffer) => d.length > 14 && d.subarray(0, 2).toString('latin1') === 'BM';

/**
 * What a file of an assistant question is (docs/decisions/0060): an image (bmp, png, jpg, gif by its
 * first bytes), or a document as attachmentType tells.
 */
export function chatFileType(
  data: Buffer,
  fileName: string,
): { ext: string; contentType: string } | undefined {
  if (isBmp(data)) return BMP;
  return attachmentType(data, fileName);
}

/** Folders the public file route never serves: their own routes check who asks (the assistant's files). */
export const PRIVATE_FOLDERS: ReadonlySet<string> = new Set(['assistant']);

const NAME = /^[A-Za-z0-9_-]{8,64}\.(png|jpg|gif|webp|bmp|pdf|txt|docx?|xlsx?|pptx?|zip|rar)$/;
const FOLDER = /^[a-z-]{1,32}$/;

/**
 * Stored files (avatars, work-order photos and documents). The embedded default keeps them in DATA_DIR;
 * an S3-compatible store implements the same interface for several nodes.
 */
export interface FileStore {
  /** Stores an image under a random name; answers its public path. */
  putImage(folder: string, data: Buffer): Promise<string>;
  /** Stores an image or a document (attachmentType) under a random name; answers its public path. */
  putAttachment(folder: string, data: Buffer, fileName: string): Promise<string>;
  /** Stores an assistant question's file (chatFileType) under a random name; answers the stored name. */
  putChatFile(folder: string, data: Buffer, fileName: string): Promise<string>;
  read(folder: string, name: string): Promise<{ data: Buffer; contentType: string } | undefined>;
}

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  async putImage(folder: string, data: Buffer): Promise<string> {
    const type = imageType(data);
    if (!type || !FOLDER.test(folder)) throw new Error('not an image');
    return this.write(folder, data, type.ext);
  }

  async putAttachment(folder: string, data: Buffer, fileName: string): Promise<string> {
    const type = attachmentType(data, fileName);
    if (!type || !FOLDER.test(folder)) throw new Error('not an accepted attachment');
    return this.write(folder, data, type.ext);
  }

  async putChatFile(folder: string, data: Buffer, fileName: string): Promise<string> {
    const type = chatFileType(data, fileName);
    if (!type || !FOLDER.test(folder)) throw new Error('not an accepted chat file');
    const url = await this.write(folder, data, type.ext);
    return url.slice(url.lastIndexOf('/') + 1);
  }

  private async write(folder: string, data: Buffer, ext: string): Promise<string> {
    const name = `${randomBytes(16).toString('base64url')}.${ext}`;
    await mkdir(path.join(this.root, folder), { recursive: true });
    await writeFile(path.join(this.root, folder, name), data);
    return `/iot/files/${folder}/${name}`;
  }

  async read(folder: string, name: string) {
    if (!FOLDER.test(folder) || !NAME.test(name)) return undefined;
    try {
      const data = await readFile(path.join(this.root, folder, name));
      const ext = name.slice(name.lastIndexOf('.') + 1);
      const type =
        ext === 'bmp'
          ? isBmp(data)
            ? BMP
            : undefined
          : DOCUMENTS[ext]
            ? attachmentType(data, name)
            : imageType(data);
      return type ? { data, contentType: type.contentType } : undefined;
    } catch {
      return undefined;
    }
  }
}
