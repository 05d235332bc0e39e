/**
 * Import-direction lint. TypeScript checks that imports resolve, not that they point the right way; these
 * rules keep the layers honest:
 * - packages/contracts/src is shared with the browser, so it may import only its own files and zod;
 * - apps/server/src/platform is the foundation features build on, so it must not import features;
 * - a feature reaches another feature only through that feature's index (its public surface);
 * - apps/web must never pull in server code;
 * - in apps/web the arrows run one way, app → features → platform, components, api: only app/ (and
 *   main.tsx) imports app/, and platform/, components/ and api/ import no feature.
 * Imports are found with regexes (no parser dependency); good enough for code formatted by Biome.
 * Usage: `node scripts/check-boundaries.mjs` prints `file:line: message` per violation and exits 1 if any.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const { posix } = path;

/** Source files we check. */
const sourceExtension = /\.(?:ts|tsx|mts)$/;
/** Directories never worth scanning: installed packages, build output, and dot-folders such as .git. */
const skippedDirectories = new Set(['node_modules', 'dist']);

/**
 * Statements that name a module: `import … from '…'`, `export … from '…'` (the clause between holds only
 * identifiers, braces, commas, `*` and whitespace, so prose that merely contains "from" is not matched),
 * side-effect `import '…'`, and `import('…')` (dynamic imports and `typeof import('…')` types).
 */
const importPatterns = [
  /^[ \t]*(?:import|export)\b[\w\s{},*$]*?\bfrom\s*(['"])([^'"\n]+)\1/gm,
  /^[ \t]*import\s*(['"])([^'"\n]+)\1/gm,
  /\bimport\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g,
];

/** Whether a match sits in a comment (`// …` before it on its line, or a ` * …` doc-comment line). */
function inComment(text, index) {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  const before = text.slice(lineStart, index);
  return before.includes('//') || /^\s*(?:\/\*|\*)/.test(before);
}

/** Every module specifier in `text`, with the 1-based line it appears on, in source order. */
function findImports(text) {
  const found = new Map();
  for (const pattern of importPatterns) {
    for (const match of text.matchAll(pattern)) {
      const specifierIndex = match.index + match[0].lastIndexOf(match[1] + match[2]);
      if (found.has(specifierIndex) || inComment(text, match.index + match[0].search(/\S/))) continue;
      const line = text.slice(0, specifierIndex).split('\n').length;
      found.set(specifierIndex, { specifier: match[2], line });
    }
  }
  return [...found.entries()].sort(([a], [b]) => a - b).map(([, entry]) => entry);
}

/** Repo-relative target of a relative specifier, or undefined for a package (bare) specifier. */
function resolveRelative(file, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  return posix.join(posix.dirname(file), specifier);
}

/** Whether `target` is the directory `dir` or lies inside it. */
function isInside(target, dir) {
  return target === dir || target.startsWith(`${dir}/`);
}

/** Feature trees, each with the index specifiers a sibling feature may use (the tail after `<B>/`). */
const featureRoots = [
  { root: 'apps/server/src/features', indexTails: ['index.js'] },
  // '' is the folder itself, which the web's bundler resolves to its index.
  { root: 'apps/web/src/features', indexTails: ['index', 'index.ts', 'index.tsx', 'index.js', ''] },
];

/** Rule: a feature imports another feature only through `features/<B>/index…`. */
function checkCrossFeature(file, target, specifier) {
  for (const { root, indexTails } of featureRoots) {
    const from = file.startsWith(`${root}/`) ? file.slice(root.length + 1).split('/') : [];
    // Only files inside a feature folder are bound by this rule, not files directly under features/.
    if (from.length < 2 || !target.startsWith(`${root}/`)) continue;
    const [feature, ...rest] = target.slice(root.length + 1).split('/');
    const tail = rest.join('/');
    // `../registry.js` from a feature names a file directly under features/, not another feature.
    if (rest.length === 0 && /\.[cm]?[jt]sx?$/.test(feature)) continue;
    if (feature === from[0] || indexTails.includes(tail)) continue;
    const index = `${root}/${feature}/${indexTails[0]}`;
    return `feature '${from[0]}' may import feature '${feature}' only through ${index}: '${specifier}'`;
  }
  return undefined;
}

/** Every rule that applies to one import; returns the violation messages. */
function checkImport(file, specifier) {
  const target = resolveRelative(file, specifier);
  const messages = [];
  if (file.startsWith('packages/contracts/src/')) {
    // Tests beside the contracts run in Node, not the browser: they may use the test runner.
    const isTest = /\.test\.tsx?$/.test(file);
    const allowed = target
      ? isInside(target, 'packages/contracts/src')
      : specifier === 'zod' || specifier.startsWith('zod/') || (isTest && specifier === 'vitest');
    if (!allowed) {
      messages.push(`contracts may import only zod and files inside packages/contracts/src: '${specifier}'`);
    }
  }
  if (
    file.startsWith('apps/server/src/platform/') &&
    target &&
    isInside(target, 'apps/server/src/features')
  ) {
    messages.push(`platform must not import from features: '${specifier}'`);
  }
  if (target) {
    const message = checkCrossFeature(file, target, specifier);
    if (message) messages.push(message);
  }
  if (file.startsWith('apps/web/src/')) {
    const serverImport = target
      ? isInside(target, 'apps/server')
      : specifier === '@iot/server' || specifier.startsWith('@iot/server/');
    if (serverImport) messages.push(`web must not import server code: '${specifier}'`);
    const layer = file.slice('apps/web/src/'.length).split('/')[0];
    if (target && isInside(target, 'apps/web/src/app') && layer !== 'app' && layer !== 'main.tsx') {
      messages.push(`only apps/web/src/app imports app/ (it sits on top): '${specifier}'`);
    }
    if (
      target &&
      isInside(target, 'apps/web/src/features') &&
      ['platform', 'components', 'api'].includes(layer)
    ) {
      messages.push(`${layer}/ lies below the features and must not import them: '${specifier}'`);
    }
  }
  return messages;
}

/**
 * Pure core of the lint: `files` are repo-relative paths (forward slashes) with their text. Returns one
 * `{ path, line, message }` per violation, in input order.
 */
export function findViolations(files) {
  const violations = [];
  for (const file of files) {
    const filePath = file.path.replaceAll('\\', '/');
    for (const { specifier, line } of findImports(file.text)) {
      for (const message of checkImport(filePath, specifier)) {
        violations.push({ path: filePath, line, message });
      }
    }
  }
  return violations;
}

/** Repo-relative paths of all source files under `root`, sorted so output is stable. */
function listSourceFiles(root, dir = '') {
  const files = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (skippedDirectories.has(entry.name) || entry.name.startsWith('.')) continue;
      files.push(...listSourceFiles(root, relative));
    } else if (entry.isFile() && sourceExtension.test(entry.name)) {
      files.push(relative);
    }
  }
  return files.sort();
}

/** CLI: lint the whole repository. */
function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = listSourceFiles(root).map((file) => ({
    path: file,
    text: readFileSync(path.join(root, file), 'utf8'),
  }));
  const violations = findViolations(files);
  for (const { path: file, line, message } of violations) console.error(`${file}:${line}: ${message}`);
  if (violations.length > 0) {
    console.error(`check-boundaries: ${violations.length} violation(s) in ${files.length} files`);
    process.exit(1);
  }
  console.log(`check-boundaries: ${files.length} files, OK`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
