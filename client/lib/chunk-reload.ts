import { CHUNK_RELOAD_GUARD_MS } from '../../core/constants';

const KEY = 'chunk-reload-at';

/** A failed chunk load reloads the page, at most once per 60 s per session, so a new deploy heals itself. */
export function shouldReloadForChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;
}

export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(KEY)) || null;
    if (!shouldReloadForChunkError(last, Date.now())) return;
    event.preventDefault();
    sessionStorage.setItem(KEY, String(Date.now()));
    window.location.reload();
  });
}
