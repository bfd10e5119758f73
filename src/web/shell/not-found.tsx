/** Any path the app does not know: says which, and offers the way home. */
import { Compass } from 'lucide-react';
import { useLayoutEffect } from 'react';
import { Trans } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../paths';
import { cancelArrivalBurst } from './arrival-confetti';
import { StatusCard } from './status-card';
import { useText } from '../i18n/i18n';

export function NotFoundPage() {
  const t = useText('shell');
  const c = useText('common');
  const location = useLocation();
  useLayoutEffect(cancelArrivalBurst, []);
  return (
    <>
      <title>{c('pageTitle', { title: t('notFound.title') })}</title>
      <StatusCard
        icon={<Compass size={32} />}
        title={t('notFound.title')}
        actions={
          <Link className="btn btn-primary" to={paths.home()}>
            {c('goHome')}
          </Link>
        }
      >
        <p>
          <Trans
            t={t}
            i18nKey="notFound.text"
            values={{ path: location.pathname }}
            components={{ path: <code className="path" /> }}
          />
        </p>
      </StatusCard>
    </>
  );
}
