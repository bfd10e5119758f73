/**
 * The onboarding (SPEC §2 Shell): shown until the onboarded flag is stored. It opens on the home
 * and community pages only: someone arriving through a shared game link gets to play first. The
 * dialog's code (and Radix Dialog's) is loaded only when it opens.
 */
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { localStore, readItem, storageKeys } from '../session/storage';

const OnboardingDialog = lazy(() =>
  import('./onboarding-dialog').then((m) => ({ default: m.OnboardingDialog })),
);

/** Pages the dialog may open over: the home and community pages. */
function onboardsHere(pathname: string): boolean {
  return /^\/(?:community\/?)?$/i.test(pathname);
}

export function isOnboarded(): boolean {
  return readItem(localStore(), storageKeys.onboarded) !== null;
}

export function Onboarding() {
  const { pathname } = useLocation();
  const [done, setDone] = useState(isOnboarded);
  if (done || !onboardsHere(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <OnboardingDialog onDone={() => setDone(true)} />
    </Suspense>
  );
}
