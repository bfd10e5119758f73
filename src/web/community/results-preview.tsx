/**
 * The rank page's results preview: the crowd's top five when this viewer may see results, else
 * "Play to see results" (the results answer 403 until one has played, or while locked).
 */
import { Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage, isPermissionDenied } from '../api/errors';
import { useResults } from '../api/games';
import { paths } from '../paths';
import { ItemThumb, type ThumbPicture } from '../ui/item-thumb';
import { SkeletonList } from '../ui/loading';
import { formatNumber } from '../i18n/format';
import { useText } from '../i18n/i18n';
import { resultsPreviewText } from '../i18n/messages/community';

const PREVIEW = 5;

export function ResultsPreview(props: {
  gameId: string;
  /** The items' pictures by label (issue 26). */
  pictures: ReadonlyMap<string, ThumbPicture>;
}) {
  const t = useText(resultsPreviewText);
  const results = useResults(props.gameId);
  let body;
  if (results.isPending) {
    body = <SkeletonList rows={3} />;
  } else if (results.isError) {
    body = isPermissionDenied(results.error) ? (
      <div className="results-preview__locked" data-testid="results-locked">
        <p>{t.locked}</p>
        <Link className="btn btn-secondary" to={paths.play(props.gameId)}>
          {t.playNow}
        </Link>
      </div>
    ) : (
      <p className="muted">{errorMessage(results.error)}</p>
    );
  } else if (results.data.submissions === 0) {
    body = <p className="muted">{t.none}</p>;
  } else {
    body = (
      <>
        <p className="muted">
          {t.soFar({ count: formatNumber(results.data.submissions) })(results.data.submissions)}
        </p>
        <ol className="results-preview__list" data-testid="results-preview">
          {results.data.items.slice(0, PREVIEW).map((item, i) => (
            <li key={item.id}>
              <span className="rank-card__pos" aria-hidden="true">
                {i + 1}
              </span>
              <ItemThumb
                picture={props.pictures.get(item.label)}
                className="results-preview__picture"
              />
              <span className="results-preview__label" dir="auto">
                {item.label}
              </span>
              {item.meanPosition !== null ? (
                <span className="muted results-preview__mean">
                  {t.mean({ mean: item.meanPosition.toFixed(1) })}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
        <Link className="btn btn-secondary" to={paths.results(props.gameId)}>
          {t.fullResults}
        </Link>
      </>
    );
  }
  return (
    <section className="card rank-page__section" aria-labelledby="results-preview-title">
      <h2 id="results-preview-title" className="rank-page__section-title">
        <Trophy size={20} aria-hidden="true" />
        {t.title}
      </h2>
      {body}
    </section>
  );
}
