/** A simple gate: signed-out people and guests are sent to /account?next=<here>. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../paths';
import { PageLoading } from './loading';
import { useViewer } from './use-viewer';

export function RequireAccount(props: { children: ReactNode }) {
  const viewer = useViewer();
  const location = useLocation();
  if (viewer.status === 'loading') return <PageLoading label="Signing you in…" />;
  if (viewer.status !== 'signed-in') {
    const next = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.account(next)} replace />;
  }
  return <>{props.children}</>;
}
