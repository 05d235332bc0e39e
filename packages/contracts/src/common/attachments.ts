import { zh } from './spec-texts.js';

/**
 * The attachment uploader's rules (feature-areas §5, §9): a file under 200 MB of one of twelve
 * types. The web uploader checks them before sending, and the server checks them again (by the
 * name's ending and the file's first bytes) on every route that stores attachments.
 */
export const ATTACHMENT_EXTENSIONS = [
  'txt',
  'doc',
  'docx',
  'jpg',
  'png',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'pdf',
  'zip',
  'rar',
] as const;
export type AttachmentExtension = (typeof ATTACHMENT_EXTENSIONS)[number];

/** 200 MB: a file of exactly this size or more is refused ("size under 200MB"). */
export const ATTACHMENT_MAX_BYTES = 200 * 1024 * 1024;

export const AttachmentMessages = {
  SIZE: zh('Uploaded file size cannot exceed 200MB!'),
  FORMAT: zh(
    'The uploaded file format is incorrect, please choose .txt .doc .docx .jpg .png .xls .xlsx .ppt .pptx .pdf .zip .rar files',
  ),
  UPLOAD: zh('Click to upload'),
} as const;

/** The lower-cased ending of a file name without the dot ('' when it has none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Why a file may not be attached, or null when it may: the format first (a wrong type is refused
 * whatever its size), then the size. `extensions` narrows the list for a field that takes fewer.
 */
export function attachmentProblem(
  file: { name: string; size: number },
  extensions: readonly string[] = ATTACHMENT_EXTENSIONS,
): string | null {
  if (!extensions.includes(fileExtension(file.name))) return AttachmentMessages.FORMAT;
  if (file.size >= ATTACHMENT_MAX_BYTES) return AttachmentMessages.SIZE;
  return null;
}
