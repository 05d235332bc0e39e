import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';

/**
 * Browser tests drive Debian's Chromium. A machine without it gets it installed here (about 20 s),
 * since downloading browsers (npx playwright install) is not possible on these machines.
 */
export default function setup(): void {
  if (existsSync(CHROMIUM)) return;
  const asRoot = process.getuid?.() === 0;
  const run = (args: string[]) =>
    execFileSync(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['apt-get', ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  run(['update', '-qq']);
  run(['install', '-y', '-qq', 'chromium']);
}
