/** When a page crashes: an honest card with a way out, instead of a blank screen. */
import { TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportClientError } from '../../api/client-errors';
import { paths } from '../../paths';
import { StatusCard } from '../../ui/status-card';
import { useText } from '../../i18n/i18n';
import { commonText } from '../../i18n/messages/common';
import { errorText } from '../../i18n/messages/shell';

export function RouteError() {
  const t = useText(errorText);
  const c = useText(commonText);
  return (
    <StatusCard
      tone="error"
      icon={<TriangleAlert size={32} />}
      title={t.crashTitle}
      actions={
        <>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => window.location.reload()}
          >
            {c.reload}
          </button>
          <a className="btn btn-secondary" href={paths.home()}>
            {c.goHome}
          </a>
        </>
      }
    >
      <p>{t.crashText}</p>
    </StatusCard>
  );
}

type BoundaryProps = { children: ReactNode; fallback: ReactNode; resetKey: string };
type BoundaryState = { failed: boolean; resetKey: string };

/**
 * Shows `fallback` instead of children that crashed while rendering (a page's code that failed
 * to load included), until `resetKey` (the path) changes: going elsewhere tries again.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
    reportClientError('crash', error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
