import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the Worker's HTML is made from: its code, the React it renders, the landers, texts, brands and dependencies. */
const SOURCES = ['worker', 'core', 'client', 'landers', 'locales', 'tenants', 'package-lock.json'];

/**
 * A hash of the Worker's sources, part of the page cache's build version (worker/middleware/page-cache-key.ts). The asset names
 * alone miss a deploy that changes only what the server renders (a lander's inline CSS, a text, a brand's setting):
 * its visitors would get the previous build's cached HTML until it expired. A change to a file the Worker does not
 * use (a test beside the code) only costs one fresh render per page.
 */
export function sourceHash(root = '.'): string {
  const hash = createHash('sha256');
  const add = (path: string) => {
    if (!statSync(join(root, path)).isDirectory()) {
      hash
        .update(path)
        .update('\0')
        .update(readFileSync(join(root, path)))
        .update('\0');
      return;
    }
    const names = readdirSync(join(root, path)).sort();
    for (const name of names) add(join(path, name));
  };
  for (const source of SOURCES) add(source);
  return hash.digest('hex').slice(0, 16);
}
