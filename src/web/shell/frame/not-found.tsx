/** Any path the app does not know: says which, and offers the way home. */
import { Compass } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../paths';
import { StatusCard } from '../../ui/status-card';
import { useText } from '../../i18n/i18n';
import { RichText } from '../../i18n/rich-text';
import { commonText } from '../../i18n/messages/common';
import { errorText } from '../../i18n/messages/shell';

export function NotFoundPage() {
  const t = useText(errorText);
  const c = useText(commonText);
  const location = useLocation();
  return (
    <>
      <title>{c.pageTitle({ title: t.notFoundTitle })}</title>
      <StatusCard
        icon={<Compass size={32} />}
        title={t.notFoundTitle}
        actions={
          <Link className="btn btn-primary" to={paths.home()}>
            {c.goHome}
          </Link>
        }
      >
        <p>
          <RichText
            text={t.notFoundText}
            values={{ path: <code className="path">{location.pathname}</code> }}
          />
        </p>
      </StatusCard>
    </>
  );
}
