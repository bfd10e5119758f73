/** A game that failed to load: 'Game not found' with a way home, or a retry for anything else. */
import { RefreshCw, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage, isNotFound } from '../api/errors';
import { paths } from '../paths';
import { StatusCard } from './status-card';
import { useText } from '../i18n/i18n';

export function GameLoadError(props: { error: unknown; retry: () => void }) {
  const t = useText('shell');
  const c = useText('common');
  if (isNotFound(props.error)) {
    return (
      <>
        <title>{c('pageTitle', { title: t('gameError.notFoundTitle') })}</title>
        <StatusCard
          icon={<SearchX size={32} />}
          title={t('gameError.notFoundTitle')}
          actions={
            <Link className="btn btn-primary" to={paths.home()}>
              {c('goHome')}
            </Link>
          }
        >
          <p>{t('gameError.notFoundText')}</p>
        </StatusCard>
      </>
    );
  }
  return (
    <StatusCard
      tone="error"
      icon={<RefreshCw size={32} />}
      title={t('gameError.loadTitle')}
      actions={
        <>
          <button type="button" className="btn btn-primary" onClick={props.retry}>
            {c('tryAgain')}
          </button>
          <Link className="btn btn-secondary" to={paths.home()}>
            {c('goHome')}
          </Link>
        </>
      }
    >
      <p>{errorMessage(props.error)}</p>
    </StatusCard>
  );
}
