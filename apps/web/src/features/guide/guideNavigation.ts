/** Where the reader is in the guide's detail view: a step (0–10) and a page of it. */
export interface GuidePosition {
  step: number;
  page: number;
}

/** Pages per step, in order (feature-areas §9: 1 to 4 pages per step, last step index 10). */
export type Outline = readonly number[];

/** 下一步: the next page of the step, else the first page of the next step; null on the very last page. */
export function nextPosition(outline: Outline, at: GuidePosition): GuidePosition | null {
  if (at.page + 1 < (outline[at.step] ?? 0)) return { step: at.step, page: at.page + 1 };
  if (at.step + 1 < outline.length) return { step: at.step + 1, page: 0 };
  return null;
}

/** 上一步: the previous page of the step, else the last page of the previous step; null at the start. */
export function previousPosition(outline: Outline, at: GuidePosition): GuidePosition | null {
  if (at.page > 0) return { step: at.step, page: at.page - 1 };
  if (at.step > 0) return { step: at.step - 1, page: (outline[at.step - 1] ?? 1) - 1 };
  return null;
}

/** 完成 shows only here: the last page of the last step. */
export function isLastPage(outline: Outline, at: GuidePosition): boolean {
  return nextPosition(outline, at) === null;
}

/** The guide opens by itself when the system says so and bit 1 of isReadGuide is not set. */
export function opensByItself(
  isReadGuide: number | undefined,
  guideForNewUsers: boolean | undefined,
): boolean {
  return isReadGuide !== undefined && guideForNewUsers === true && (isReadGuide & 1) === 0;
}
