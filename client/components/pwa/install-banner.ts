import type { TFunction } from '../../i18n';

// The install offer: Chrome's beforeinstallprompt becomes a small dismissible banner with "Install app"; iOS Safari
// (which has no prompt) gets the steps instead. A dismissal is stored with its time and holds for 30 days. Plain DOM
// with textContent (nothing is parsed as HTML): it lives outside the React tree and outside the main bundle.

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type Offer = { kind: 'prompt'; event: InstallPromptEvent } | { kind: 'ios' };

export const DISMISS_KEY = 'hide-install-banner';
const DISMISS_MS = 30 * 86_400_000;

function dismissedRecently(): boolean {
  try {
    const at = Number(localStorage.getItem(DISMISS_KEY));
    return Number.isFinite(at) && at > 0 && Date.now() - at < DISMISS_MS;
  } catch {
    return false;
  }
}

function rememberDismissal(): void {
  try {
    localStorage.setItem(DISMISS_KEY, String(Date.now()));
  } catch {
    // private mode: the banner may come back next visit
  }
}

const isStandalone = () => matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;

function isIosSafari(): boolean {
  const ua = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(ua);
}

/** Calls `show` once, when the browser offers an install (or on iOS Safari), unless installed or dismissed. */
export function installOffer(show: (offer: Offer) => void): void {
  if (isStandalone() || dismissedRecently()) return;
  if (isIosSafari()) {
    show({ kind: 'ios' });
    return;
  }
  addEventListener(
    'beforeinstallprompt',
    (event) => {
      event.preventDefault();
      show({ kind: 'prompt', event: event as InstallPromptEvent });
    },
    { once: true },
  );
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// The worker types' `append` shadows the DOM one in this project, so children are added one by one.
const add = (parent: HTMLElement, ...children: HTMLElement[]) => children.forEach((child) => parent.appendChild(child));

/** Shows the banner at the bottom of the page. */
export function showInstallBanner(offer: Offer, t: TFunction): void {
  const banner = el(
    'section',
    'fixed inset-x-2 bottom-2 z-50 mx-auto max-w-md rounded-xl bg-white p-4 text-sm text-gray-900 shadow-lg ring-1 ring-black/10',
  );
  banner.setAttribute('aria-label', t('pwa.banner_label'));
  banner.dataset.testid = 'install-banner';
  const row = el('div', 'flex items-start gap-3');
  const icon = el('img', 'rounded-lg');
  Object.assign(icon, { src: '/icons/icon-192.png', alt: '', width: 40, height: 40 });
  const body = el('div', 'flex-1');
  add(body, el('p', 'm-0 font-semibold', t('pwa.title')));
  const close = () => banner.remove();
  if (offer.kind === 'ios') {
    add(body, el('p', 'm-0 mt-1', t('pwa.ios_steps')), el('p', 'm-0 mt-1 text-gray-600', t('pwa.ios_push')));
  } else {
    add(body, el('p', 'm-0 mt-1 text-gray-600', t('pwa.text')));
    const install = el('button', 'btn btn-primary mt-3', t('pwa.install'));
    install.type = 'button';
    install.addEventListener('click', async () => {
      install.disabled = true;
      await offer.event.prompt().catch(() => undefined);
      const choice = await offer.event.userChoice.catch(() => null);
      if (choice?.outcome !== 'accepted') rememberDismissal();
      close();
    });
    add(body, install);
  }
  const dismiss = el('button', 'cursor-pointer border-0 bg-transparent p-1 text-xl leading-none text-gray-600 hover:text-gray-900', '×');
  dismiss.type = 'button';
  dismiss.setAttribute('aria-label', t('common.close'));
  dismiss.addEventListener('click', () => {
    rememberDismissal();
    close();
  });
  add(row, icon, body, dismiss);
  add(banner, row);
  document.body.appendChild(banner);
}
