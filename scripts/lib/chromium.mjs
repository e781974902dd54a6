import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Browser tests use Debian's Chromium; install it when missing and we may (root with apt-get), else explain. */
export function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('\nInstalling Debian chromium for the browser tests…');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (!existsSync(path)) {
    console.error(`Chromium not found at ${path}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`);
    process.exit(1);
  }
}
