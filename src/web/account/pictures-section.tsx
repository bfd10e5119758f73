/**
 * The pictures section of /account (issue 26): how much of its space the account's pictures take,
 * as a meter, and its uploads this hour against the hourly limit.
 */
import { useId } from 'react';
import { useImageUsage } from '../api/images';
import { useText } from '../i18n/i18n';
import { formatBytes, formatNumber } from '../i18n/format';
import { picturesText } from '../i18n/messages/pictures';
import { ListError } from '../ui/list-states';

export function PicturesSection() {
  const t = useText(picturesText);
  const usage = useImageUsage();
  const titleId = useId();
  const data = usage.data;
  return (
    <section
      className="card account-section pictures-usage"
      aria-labelledby={titleId}
      data-testid="pictures-usage"
    >
      <h2 id={titleId} className="account-section__title">
        {t.title}
      </h2>
      <p className="muted">{t.lede}</p>
      {usage.isPending ? (
        <p className="muted" role="status">
          {t.loading}
        </p>
      ) : usage.isError || !data ? (
        <ListError
          error={usage.error}
          message={t.didNotLoad}
          onRetry={() => void usage.refetch()}
        />
      ) : (
        <>
          <meter
            className="pictures-usage__meter"
            aria-label={t.spaceLabel}
            min={0}
            max={data.maxBytes}
            value={data.bytes}
            high={data.maxBytes * 0.9}
          />
          <p>{t.space({ used: formatBytes(data.bytes), max: formatBytes(data.maxBytes) })}</p>
          <p className="muted">
            {t.uploads({
              used: formatNumber(data.uploadsThisHour),
              max: formatNumber(data.maxUploadsPerHour),
            })}
          </p>
          {data.bytes >= data.maxBytes ? <p role="note">{t.full}</p> : null}
        </>
      )}
    </section>
  );
}
