/** A game that failed to load: 'Game not found' with a way home, or a retry for anything else. */
import { RefreshCw, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage, isNotFound } from '../../api/errors';
import { paths } from '../../paths';
import { StatusCard } from '../../ui/status-card';
import { useText } from '../../i18n/i18n';
import { commonText } from '../../i18n/messages/common';
import { errorText } from '../../i18n/messages/shell';

export function GameLoadError(props: { error: unknown; retry: () => void }) {
  const t = useText(errorText);
  const c = useText(commonText);
  if (isNotFound(props.error)) {
    return (
      <>
        <title>{c.pageTitle({ title: t.gameNotFoundTitle })}</title>
        <StatusCard
          icon={<SearchX size={32} />}
          title={t.gameNotFoundTitle}
          actions={
            <Link className="btn btn-primary" to={paths.home()}>
              {c.goHome}
            </Link>
          }
        >
          <p>{t.gameNotFoundText}</p>
        </StatusCard>
      </>
    );
  }
  return (
    <StatusCard
      tone="error"
      icon={<RefreshCw size={32} />}
      title={t.gameLoadTitle}
      actions={
        <>
          <button type="button" className="btn btn-primary" onClick={props.retry}>
            {c.tryAgain}
          </button>
          <Link className="btn btn-secondary" to={paths.home()}>
            {c.goHome}
          </Link>
        </>
      }
    >
      <p>{errorMessage(props.error)}</p>
    </StatusCard>
  );
}
