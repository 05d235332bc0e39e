import { ATTACHMENT_EXTENSIONS, attachmentProblem } from '@iot/contracts';

/** A stored attachment as a form keeps it: the name it was uploaded as and its address. */
export interface StoredAttachment {
  name: string;
  url: string;
}

/** The `accept` of the file picker for a list of endings ('.txt,.doc,…'). */
export function acceptOf(extensions: readonly string[] = ATTACHMENT_EXTENSIONS): string {
  return extensions.map((e) => `.${e}`).join(',');
}

/**
 * Whether the 点击上传 button shows: single-file mode hides it once one file exists or is being
 * uploaded (feature-areas §5), otherwise it hides at `max` files.
 */
export function showsUploadButton(count: number, options: { single?: boolean; max?: number }): boolean {
  if (options.single) return count < 1;
  return options.max === undefined || count < options.max;
}

/**
 * Which of the picked files go up and which are refused with the message to show. In single-file
 * mode only the first file goes up, and only when none is there yet.
 */
export function sortPicked<F extends { name: string; size: number }>(
  picked: readonly F[],
  existing: number,
  options: { single?: boolean; max?: number; extensions?: readonly string[] },
): { accepted: F[]; refusals: string[] } {
  const accepted: F[] = [];
  const refusals: string[] = [];
  const room = options.single ? 1 - existing : (options.max ?? Number.POSITIVE_INFINITY) - existing;
  for (const file of picked) {
    const problem = attachmentProblem(file, options.extensions);
    if (problem) refusals.push(problem);
    else if (accepted.length < room) accepted.push(file);
  }
  return { accepted, refusals: [...new Set(refusals)] };
}
