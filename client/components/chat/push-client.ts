import type { PushState } from '../../../core/chat-constants';
import type { PushSubscriptionInput } from '../../../core/schemas/push';
import { apiSend } from '../../api/typed-fetch';
import { pushAtom, pushStateAtom, settingsAtom } from '../../state/atoms';
import type { Store } from './chat-data';

/** The one service worker (decision 003): /sw-push.js imports /sw.js, so the offline page keeps working. */
export const SERVICE_WORKER = '/sw-push.js';

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return (await navigator.serviceWorker.getRegistration('/')) ?? navigator.serviceWorker.register(SERVICE_WORKER, { scope: '/' });
}

function setState(store: Store, state: PushState, lastMessage?: unknown): void {
  store.set(pushStateAtom, state);
  store.set(pushAtom, (p) => ({
    isCapable: state !== 'unknown',
    isSubscribed: state === 'subscribed',
    lastMessage: lastMessage ?? p.lastMessage,
  }));
}

/**
 * Finds the push state (SPEC.md §4) and, when subscribed, stores the subscription again: the server may have
 * dropped it (a 410) or the browser may have renewed it.
 */
export async function detectPush(store: Store): Promise<PushState> {
  if (!supported() || !store.get(settingsAtom).push_public_key) {
    setState(store, 'unknown');
    return 'unknown';
  }
  if (Notification.permission === 'denied') {
    setState(store, 'denied');
    return 'denied';
  }
  const sub = await (await registration()).pushManager.getSubscription();
  if (sub && Notification.permission === 'granted') {
    await saveSubscription(sub).catch(() => undefined);
    setState(store, 'subscribed');
    return 'subscribed';
  }
  setState(store, 'capable');
  return 'capable';
}

/** Asks permission, subscribes with the brand's VAPID key and stores the subscription (POST user.php?push=1). */
export async function subscribePush(store: Store): Promise<PushState> {
  if (!supported()) return 'unknown';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    setState(store, permission === 'denied' ? 'denied' : 'capable');
    return store.get(pushStateAtom);
  }
  const reg = await registration();
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromBase64Url(store.get(settingsAtom).push_public_key),
    }));
  await saveSubscription(sub);
  setState(store, 'subscribed');
  return 'subscribed';
}

function saveSubscription(sub: PushSubscription): Promise<unknown> {
  // The DOM types every field of PushSubscriptionJSON as optional; a live subscription has them all (the server checks).
  const subscription = sub.toJSON() as PushSubscriptionInput;
  return apiSend('post', '/api/user.php', { subscription }, { query: { push: 1 } });
}

function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const b64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const bin = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
