// The only script a lander loads (no React, no hydration): what must move or answer on the page. Every part finds
// its markup by data attributes the server rendered, and does nothing where there is none. Without this script the
// page is complete: every call to action is a link into signup, the entry warning a form the worker answers.

type El = HTMLElement;
const doc = document;
type Root = Document | HTMLElement;
const one = <T extends HTMLElement = El>(selector: string, root: Root = doc) => root.querySelector<T>(selector);
const all = <T extends HTMLElement = El>(selector: string, root: Root = doc) => [...root.querySelectorAll<T>(selector)];
const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

function setCookie(name: string, value: string, days: number): void {
  doc.cookie = `${name}=${value}; Max-Age=${days * 86_400}; Path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
}

/** Moves focus to an element that is not focusable by itself (a heading), without scrolling the page. */
function focusOn(el: El | null): void {
  if (!el) return;
  if (!el.hasAttribute('tabindex')) el.tabIndex = -1;
  el.focus({ preventScroll: true });
}

/** The site-entry warning: "enter" stores entry_ok for a year and lets the page be used. */
function entryWarning(): void {
  const dialog = one('[data-entry-warning]');
  if (!dialog) return;
  const close = () => {
    dialog.remove();
    one('#lander')?.removeAttribute('inert');
    doc.documentElement.classList.remove('ew-open');
    focusOn(one('main h1'));
  };
  const cookie = dialog.dataset.entryWarning || 'entry_ok';
  // A page from the browser's cache may still carry the warning that was already answered.
  if (doc.cookie.split('; ').includes(`${cookie}=1`)) {
    close();
    return;
  }
  one('[data-entry-form]', dialog)?.addEventListener('submit', (event) => {
    event.preventDefault();
    setCookie(cookie, '1', 365);
    close();
  });
  one<HTMLButtonElement>('[data-entry-enter]', dialog)?.focus({ preventScroll: true });
}

/** SPEC.md §4 "lb": a visitor who leaves within 10 s is reported as a bounce; following a link of ours is not leaving. */
function bounceBeacon(): void {
  if (!new URLSearchParams(location.search).has('lb')) return;
  let done = false;
  const send = () => {
    const ms = Math.round(performance.now());
    if (done || ms > 10_000) return;
    done = true;
    navigator.sendBeacon?.(
      '/api/page-hidden.php',
      JSON.stringify({ kind: 'bounce', path: location.pathname.slice(0, 300), duration_ms: ms }),
    );
  };
  doc.addEventListener('visibilitychange', () => doc.visibilityState === 'hidden' && send());
  addEventListener('pagehide', send);
  doc.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element).closest?.('a[href]') as HTMLAnchorElement | null;
      if (link && link.origin === location.origin) done = true;
    },
    true,
  );
}

/** Fills a CountSlot (landers/_shared/ui.tsx) with `n` and shows the plural form the page's language takes for it. */
function showCount(root: El, n: number): void {
  const form = new Intl.PluralRules(doc.documentElement.lang).select(n);
  for (const el of root.querySelectorAll<El>('[data-plural]')) el.hidden = el.dataset.plural !== form;
  for (const el of root.querySelectorAll('[data-count]')) el.textContent = String(n);
}

/** The tinderswipe deck: drag, the like/nope buttons, or the arrow keys; after a few swipes, the matches panel. */
function deck(root: El): void {
  const stack = one('[data-deck-stack]', root)!;
  const status = one('[data-deck-status]', root);
  const panel = one('[data-deck-panel]', root);
  const showAfter = Number(root.dataset.showAfter) || 5;
  const liked: El[] = [];
  let swipes = 0;
  const top = () => one('[data-card]:not([data-out])', stack);

  const showPanel = () => {
    if (!panel?.hidden) return;
    // One face per like, and the count says how many faces there are (the page renders a slot per possible like).
    const faces = liked.slice(0, all('[data-match-avatar]', panel).length);
    showCount(panel, faces.length);
    for (const [i, card] of faces.entries()) {
      const img = one<HTMLImageElement>('img', card);
      const slot = one(`[data-match-avatar="${i}"]`, panel);
      if (!img || !slot) continue;
      one<HTMLImageElement>('img', slot)!.src = img.currentSrc || img.src;
      // A fictional profile keeps its mark, small, next to its face.
      const badge = one('[data-testid="fictional-label"]', card);
      if (badge) {
        const mark = doc.createElement('span');
        mark.className = 'lander-fict-mini';
        mark.title = badge.title;
        mark.textContent = badge.firstElementChild?.textContent ?? '';
        slot.appendChild(mark);
      }
      slot.hidden = false;
    }
    const result = liked.length > 0 ? 'match' : 'empty';
    panel.dataset.result = result;
    root.dataset.done = '';
    panel.hidden = false;
    focusOn(one(`h2[data-when="${result}"]`, panel));
  };

  const swipe = (like: boolean) => {
    const card = top();
    if (!card || panel?.hidden === false) return;
    card.dataset.out = like ? 'like' : 'nope';
    card.style.transform = '';
    swipes++;
    if (like) liked.push(card);
    if (status) status.textContent = (root.dataset[like ? 'msgLike' : 'msgNope'] ?? '').replace('%s', card.dataset.name ?? '');
    setTimeout(() => card.setAttribute('aria-hidden', 'true'), 0);
    setTimeout(() => card.remove(), reducedMotion() ? 0 : 350);
    if ((swipes >= showAfter && liked.length > 0) || !top()) setTimeout(showPanel, reducedMotion() ? 0 : 400);
  };

  for (const button of all<HTMLAnchorElement>('[data-swipe]', root)) {
    // Without this script they are links into signup; with it they are the deck's buttons.
    button.setAttribute('role', 'button');
    button.addEventListener('click', (event) => {
      event.preventDefault();
      swipe(button.dataset.swipe === 'like');
    });
    button.addEventListener('keydown', (event) => {
      if (event.key !== ' ') return;
      event.preventDefault();
      swipe(button.dataset.swipe === 'like');
    });
  }

  root.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    swipe(event.key === 'ArrowRight');
  });

  let dragged: El | null = null;
  let startX = 0;
  let dx = 0;
  stack.addEventListener('pointerdown', (event) => {
    const card = top();
    if (!card?.contains(event.target as Node)) return;
    dragged = card;
    startX = event.clientX;
    dx = 0;
    card.setPointerCapture(event.pointerId);
    card.dataset.drag = '';
  });
  stack.addEventListener('pointermove', (event) => {
    if (!dragged) return;
    dx = event.clientX - startX;
    dragged.style.transform = `translateX(${dx}px) rotate(${dx / 16}deg)`;
    dragged.style.setProperty('--like', String(Math.max(0, Math.min(1, dx / 100))));
    dragged.style.setProperty('--nope', String(Math.max(0, Math.min(1, -dx / 100))));
  });
  const release = () => {
    if (!dragged) return;
    const card = dragged;
    dragged = null;
    delete card.dataset.drag;
    card.style.removeProperty('--like');
    card.style.removeProperty('--nope');
    if (Math.abs(dx) > 90) swipe(dx > 0);
    else card.style.transform = '';
  };
  stack.addEventListener('pointerup', release);
  stack.addEventListener('pointercancel', release);
}

/** Previous/next buttons for a horizontal gallery; scrolling by touch, wheel or keys works without them. */
function scrollButtons(button: HTMLButtonElement): void {
  const target = doc.getElementById(button.dataset.scroll ?? '');
  if (!target) return;
  button.hidden = false;
  button.addEventListener('click', () => {
    target.scrollBy({ left: Number(button.dataset.dir) * target.clientWidth * 0.85, behavior: reducedMotion() ? 'auto' : 'smooth' });
  });
}

entryWarning();
bounceBeacon();
all('[data-deck]').forEach(deck);
all<HTMLButtonElement>('button[data-scroll]').forEach(scrollButtons);
