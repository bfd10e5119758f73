/**
 * The results route: the results page (results/) with the owner's panel (owner/) handed in. The
 * two features meet here, beside router.tsx, which loads this on demand: one chunk, as the page
 * and its panel show together.
 */
import { OwnerPanel } from './owner/owner-panel';
import { ResultsPage } from './results/results-page';

export function ResultsRoute() {
  return <ResultsPage ownerPanel={OwnerPanel} />;
}
