/** Types for check-boundaries.mjs, so TypeScript tests can import its pure core. */

/** A source file to lint: repo-relative path (forward slashes) and its contents. */
export interface SourceFile {
  path: string;
  text: string;
}

/** One broken rule, reported as `path:line: message`. */
export interface Violation {
  path: string;
  line: number;
  message: string;
}

export function findViolations(files: readonly SourceFile[]): Violation[];
