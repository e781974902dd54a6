import { PROGRESS_BAR } from '../../core/constants';
import { routeAtom } from '../state/atoms';
import type { createAppStore } from '../state/app-store';

type Store = ReturnType<typeof createAppStore>;

// The progress bar of client navigation (SPEC.md §4): it appears only when the next screen takes longer than the
// throttle (200 ms) to show, fills towards the end over the duration (5 s), and completes when the screen is there.
// "Still loading" is what the page says: the screen's Suspense fallback or an aria-busy region in <main>.

const isLoading = () => Boolean(document.querySelector('#main > [role="status"], #main [aria-busy="true"]'));

export function startProgressBar(store: Store): () => void {
  const bar = document.createElement('div');
  bar.setAttribute('aria-hidden', 'true');
  bar.dataset.testid = 'progress-bar';
  Object.assign(bar.style, {
    position: 'fixed',
    top: '0',
    left: '0',
    height: '3px',
    width: '0',
    zIndex: '2147483647',
    pointerEvents: 'none',
    background: 'var(--c-primary)',
    boxShadow: '0 0 6px var(--c-primary)',
    opacity: '0',
    transition: 'none',
  });
  document.body.appendChild(bar);

  let throttle = 0;
  let hide = 0;
  let observer: MutationObserver | null = null;

  const finish = () => {
    observer?.disconnect();
    observer = null;
    if (bar.style.opacity === '0') return;
    bar.style.transition = 'width 200ms ease-out, opacity 300ms ease 200ms';
    bar.style.width = '100%';
    bar.style.opacity = '0';
  };

  const show = () => {
    if (!isLoading()) return;
    clearTimeout(hide);
    bar.style.transition = 'none';
    bar.style.width = '0';
    bar.style.opacity = '1';
    void bar.offsetWidth; // restart the transition from zero
    bar.style.transition = `width ${PROGRESS_BAR.durationMs}ms cubic-bezier(0.1, 0.6, 0.3, 1)`;
    bar.style.width = '92%';
    const main = document.getElementById('main');
    observer = new MutationObserver(() => !isLoading() && finish());
    if (main) observer.observe(main, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
    // Never longer than the duration: after it, whatever is still loading says so itself.
    hide = window.setTimeout(finish, PROGRESS_BAR.durationMs);
  };

  let last = `${store.get(routeAtom).path}${store.get(routeAtom).search}`;
  const unsubscribe = store.sub(routeAtom, () => {
    const route = store.get(routeAtom);
    const key = `${route.path}${route.search}`;
    if (key === last) return;
    last = key;
    clearTimeout(throttle);
    finish();
    throttle = window.setTimeout(show, PROGRESS_BAR.throttleMs);
  });
  return () => {
    unsubscribe();
    clearTimeout(throttle);
    clearTimeout(hide);
    observer?.disconnect();
    bar.remove();
  };
}
