import { PUSH_MESSAGES } from '@cym/common';
import { api } from './api/client';
import { dataOf, ensureOk } from './api/errors';

/**
 * Web Push in the browser: the service worker (/sw.js, registered once the page is live), and this
 * device's subscription. Permission is asked only from a moment that explains itself — after a
 * first chat message, after saving a search, or from the account's notification settings — never on
 * page load.
 */

const SERVICE_WORKER = '/sw.js';
/** 'Ahora no' on the chat's card: not offered again on this device. */
const DISMISSED_KEY = 'pushPromptDismissed';

export type PushOutcome = 'subscribed' | 'denied' | 'unsupported' | 'unavailable';

/** Whether this browser can receive Web Push (service workers, PushManager, notifications). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The notification permission, or 'unsupported'. */
export function pushPermission(): NotificationPermission | 'unsupported' {
  return pushSupported() ? Notification.permission : 'unsupported';
}

let registration: Promise<ServiceWorkerRegistration | null> | undefined;

/** Registers the service worker once (main.tsx, after the page is live); null where unsupported or refused. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return Promise.resolve(null);
  registration ??= navigator.serviceWorker.register(SERVICE_WORKER, { scope: '/' }).catch(() => null);
  return registration;
}

/** This device's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registered = await registerServiceWorker();
  return registered ? registered.pushManager.getSubscription() : null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * Asks for permission (the browser's own question), subscribes this device with the server's
 * VAPID key and gives the subscription to the server for the signed-in person. Throws an Error
 * with a Spanish message when the server refuses or cannot be reached.
 */
export async function askForPush(): Promise<PushOutcome> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const { public_key: key } = await dataOf(api.GET('/api/push/key'), PUSH_MESSAGES.unavailable);
  if (!key) return 'unavailable';
  const registered = await registerServiceWorker();
  if (!registered) return 'unsupported';
  await navigator.serviceWorker.ready;
  let subscription = await registered.pushManager.getSubscription();
  try {
    subscription ??= await registered.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(key),
    });
  } catch {
    // The browser's push service could not be reached (offline, or a browser without one).
    return 'unavailable';
  }
  const json = subscription.toJSON();
  await ensureOk(
    api.POST('/api/push/subscriptions', {
      body: {
        endpoint: json.endpoint ?? subscription.endpoint,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      },
    }),
    PUSH_MESSAGES.unavailable,
  );
  return 'subscribed';
}

/** Stops push on this device: the server forgets the subscription, the browser drops it. */
export async function stopPush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await ensureOk(
    api.DELETE('/api/push/subscriptions', { body: { endpoint: subscription.endpoint } }),
    PUSH_MESSAGES.unavailable,
  );
  await subscription.unsubscribe().catch(() => false);
}

/** Whether the chat may offer push now: supported, never asked, not turned down here. */
export function mayOfferPush(): boolean {
  if (pushPermission() !== 'default') return false;
  try {
    return localStorage.getItem(DISMISSED_KEY) === null;
  } catch {
    return false;
  }
}

/** 'Ahora no': the offer is not shown again on this device. */
export function dismissPushOffer(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, new Date().toISOString());
  } catch {
    // Private mode without storage: the offer may come back, which is harmless.
  }
}
