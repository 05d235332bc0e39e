import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';

/** A CJK font, so that screenshots show the Chinese UI rather than empty boxes. */
const CJK_FONT = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';

/**
 * Browser tests drive Debian's Chromium. A machine without it gets it installed here (about 20 s),
 * since downloading browsers (npx playwright install) is not possible on these machines. `npm test`
 * installs these first (scripts/test.mjs); this covers running vitest directly.
 */
export default function setup(): void {
  const missing = [
    !existsSync(CHROMIUM) && 'chromium',
    !existsSync(CJK_FONT) && 'fonts-wqy-microhei',
    // The camera tests play ffmpeg test patterns.
    !existsSync('/usr/bin/ffmpeg') && 'ffmpeg',
  ].filter((name): name is string => Boolean(name));
  if (missing.length === 0) return;
  const asRoot = process.getuid?.() === 0;
  const run = (args: string[]) =>
    execFileSync(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['apt-get', ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  run(['update', '-qq']);
  run(['install', '-y', '-qq', ...missing]);
}
