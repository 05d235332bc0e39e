import type { DataContent } from '@iot/contracts/assistant';

/** At most this many characters of the page go with a question (decision 0063). */
export const PAGE_CONTENT_MAX_CHARS = 20_000;

/**
 * The current page as the current-page toggle sends it (dataContent): its name, and the text a
 * person sees in the main area — no markup, hidden parts left out, runs of blank space folded, cut to PAGE_CONTENT_MAX_CHARS.
 */
export function currentPageContent(pageName: string, root: HTMLElement | null): DataContent {
  const text = root ? visibleText(root) : '';
  return { pageName: pageName.slice(0, 100), content: text.slice(0, PAGE_CONTENT_MAX_CHARS) };
}

export function foldSpace(text: string): string {
  return text
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
}

function visibleText(root: HTMLElement): string {
  // innerText follows the layout: hidden parts give nothing, table cells come apart by tabs and rows by lines.
  // biome-ignore lint/performance/useDomNodeTextContent: the text as laid out is what the user sees
  return foldSpace(root.innerText || root.textContent || '');
}
