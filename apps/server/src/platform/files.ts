import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

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

const NAME = /^[A-Za-z0-9_-]{8,64}\.(png|jpg|gif|webp)$/;
const FOLDER = /^[a-z-]{1,32}$/;

/**
 * Stored files (avatars now; attachments later). The embedded default keeps them in DATA_DIR;
 * an S3-compatible store implements the same interface for several nodes.
 */
export interface FileStore {
  /** Stores an image under a random name; answers its public path. */
  putImage(folder: string, data: Buffer): Promise<string>;
  read(folder: string, name: string): Promise<{ data: Buffer; contentType: string } | undefined>;
}

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  async putImage(folder: string, data: Buffer): Promise<string> {
    const type = imageType(data);
    if (!type || !FOLDER.test(folder)) throw new Error('not an image');
    const name = `${randomBytes(16).toString('base64url')}.${type.ext}`;
    await mkdir(path.join(this.root, folder), { recursive: true });
    await writeFile(path.join(this.root, folder, name), data);
    return `/iot/files/${folder}/${name}`;
  }

  async read(folder: string, name: string) {
    if (!FOLDER.test(folder) || !NAME.test(name)) return undefined;
    try {
      const data = await readFile(path.join(this.root, folder, name));
      const type = imageType(data);
      return type ? { data, contentType: type.contentType } : undefined;
    } catch {
      return undefined;
    }
  }
}
