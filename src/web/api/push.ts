/**
 * This device's web push (issue 30): what the browser allows, and turning notifications on or
 * off. The permission is asked only from `turnOn`, which a click calls; the subscription is made
 * with the server's VAPID key through the app's service worker (decision 0021) and handed to the
 * server. `turnOff` takes it back from the server, then unsubscribes the browser.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { deletePushSubscription, fetchVapidKey, savePushSubscription } from './notifications';
import { pushSupport, vapidKeyBytes, type PushSupport } from './push-support';

export type PushState = PushSupport | 'checking' | 'on';

function currentSupport(): PushSupport {
  return pushSupport({
    secure: window.isSecureContext,
    serviceWorker: 'serviceWorker' in navigator,
    pushManager: 'PushManager' in window,
    notification: 'Notification' in window,
    permission: 'Notification' in window ? Notification.permission : null,
  });
}

/** The app's service worker, if one is registered (production builds register it, main.tsx). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  const found = await navigator.serviceWorker.getRegistration('/');
  if (!found) return null;
  return found.active ? found : navigator.serviceWorker.ready;
}

/** What this device says now: `on` when it already has a subscription. */
async function readPushState(): Promise<PushState> {
  const support = currentSupport();
  if (support !== 'granted') return support;
  const worker = await registration();
  if (!worker) return 'unsupported';
  return (await worker.pushManager.getSubscription()) ? 'on' : 'granted';
}

/**
 * Asks for permission (the browser's prompt, once), subscribes and saves the subscription. The
 * answer is the state after it; a failure on the way (the network, the push service) throws.
 * An existing subscription is saved again: the server may not have it (another account, a guest
 * who signed up since).
 */
async function turnOnPush(queryClient: QueryClient): Promise<PushState> {
  if (currentSupport() === 'unsupported') return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'ask';
  const worker = await registration();
  if (!worker) return 'unsupported';
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: vapidKeyBytes(await fetchVapidKey()),
    }));
  await savePushSubscription(subscription.toJSON(), queryClient);
  return 'on';
}

/**
 * The server first (a failure leaves this device on, to try again), then the browser: its
 * subscription ends, so a server that still had it elsewhere gets 410 from the push service.
 */
async function turnOffPush(queryClient: QueryClient): Promise<PushState> {
  const worker = await registration();
  const subscription = await worker?.pushManager.getSubscription();
  if (subscription) {
    await deletePushSubscription(subscription.endpoint, queryClient);
    await subscription.unsubscribe();
  }
  return currentSupport();
}

/**
 * This device's push state, and `turnOn`/`turnOff` for buttons. `error` is the last failure's,
 * `busy` says which is under way.
 */
export function usePush() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<PushState>('checking');
  const [busy, setBusy] = useState<'on' | 'off' | false>(false);
  const [error, setError] = useState<{ turning: 'on' | 'off'; error: unknown } | null>(null);
  useEffect(() => {
    let live = true;
    readPushState()
      .catch((): PushState => 'unsupported')
      .then((read) => {
        if (live) setState(read);
      });
    return () => {
      live = false;
    };
  }, []);
  const turnOn = useCallback(async (): Promise<boolean> => {
    setBusy('on');
    setError(null);
    try {
      const next = await turnOnPush(queryClient);
      setState(next);
      return next === 'on';
    } catch (thrown) {
      setError({ turning: 'on', error: thrown });
      return false;
    } finally {
      setBusy(false);
    }
  }, [queryClient]);
  const turnOff = useCallback(async (): Promise<void> => {
    setBusy('off');
    setError(null);
    try {
      setState(await turnOffPush(queryClient));
    } catch (thrown) {
      setError({ turning: 'off', error: thrown });
    } finally {
      setBusy(false);
    }
  }, [queryClient]);
  return { state, busy, error, turnOn, turnOff };
}
