/**
 * The rank page's results preview: the crowd's top five when this viewer may see results, else
 * "Play to see results" (the results answer 403 until one has played, or while locked).
 */
import { Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage, isPermissionDenied } from '../api/errors';
import { useResults } from '../api/games';
import { paths } from '../paths';
import { SkeletonList } from '../shell/loading';
import { rankingsCount } from '../results/format';

const PREVIEW = 5;

export function ResultsPreview(props: { gameId: string }) {
  const results = useResults(props.gameId);
  let body;
  if (results.isPending) {
    body = <SkeletonList rows={3} />;
  } else if (results.isError) {
    body = isPermissionDenied(results.error) ? (
      <div className="results-preview__locked" data-testid="results-locked">
        <p>Play to see results.</p>
        <Link className="btn btn-secondary" to={paths.play(props.gameId)}>
          Play now
        </Link>
      </div>
    ) : (
      <p className="muted">{errorMessage(results.error)}</p>
    );
  } else if (results.data.submissions === 0) {
    body = <p className="muted">No rankings yet. Be the first to play.</p>;
  } else {
    body = (
      <>
        <p className="muted">{rankingsCount(results.data.submissions)} so far.</p>
        <ol className="results-preview__list" data-testid="results-preview">
          {results.data.items.slice(0, PREVIEW).map((item, i) => (
            <li key={item.id}>
              <span className="rank-card__pos" aria-hidden="true">
                {i + 1}
              </span>
              <span className="results-preview__label" dir="auto">
                {item.label}
              </span>
              {item.meanPosition !== null ? (
                <span className="muted results-preview__mean">
                  avg #{item.meanPosition.toFixed(1)}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
        <Link className="btn btn-secondary" to={paths.results(props.gameId)}>
          See full results
        </Link>
      </>
    );
  }
  return (
    <section className="card rank-page__section" aria-labelledby="results-preview-title">
      <h2 id="results-preview-title" className="rank-page__section-title">
        <Trophy size={20} aria-hidden="true" />
        Crowd results
      </h2>
      {body}
    </section>
  );
}
