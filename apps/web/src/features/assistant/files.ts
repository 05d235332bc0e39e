import { zh } from '@iot/contracts';
import { CHAT_FILE_MAX_BYTES, CHAT_IMAGE_EXTENSIONS, CHAT_IMAGE_MAX_BYTES } from '@iot/contracts/assistant';

const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** A file's size in Bytes … YB (feature-areas §3), base 1024, up to two decimals. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${Number.parseFloat(value.toFixed(2))} ${UNITS[exponent]}`;
}

/** The upload button's accept list: the images a message carries (feature-areas §5). */
export const IMAGE_ACCEPT = CHAT_IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export function isImage(name: string): boolean {
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  return (CHAT_IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}

/** Why a file cannot go with a message, or null (feature-areas §5, §9): images ≤ 20 MB, others ≤ 150 MB. */
export function fileRefusal(file: { name: string; size: number }): string | null {
  if (isImage(file.name)) return file.size > CHAT_IMAGE_MAX_BYTES ? zh('Image size cannot exceed 20M') : null;
  return file.size > CHAT_FILE_MAX_BYTES ? zh('File size cannot exceed 150M') : null;
}
