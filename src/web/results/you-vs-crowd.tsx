/**
 * You vs the crowd: how much the viewer agrees with the crowd's order, where they differ most,
 * the other player who ranked most like them (by the name they showed), and their own order as a
 * picture to share.
 */
import { biggestDifference, differenceText } from '../../domain/crowd';
import type { GameView } from '../../domain/game';
import type { ItemResult } from '../../domain/results';
import { useClosest } from '../api/games';
import { ShareMyRankingButton } from './share-my-ranking';

export function YouVsCrowd(props: {
  game: GameView;
  agreement: number;
  mine: readonly string[];
  /** The crowd's order as shown (by the chosen method). */
  items: readonly ItemResult[];
  submissions: number;
}) {
  const { agreement } = props;
  const closest = useClosest(props.game.id, props.submissions, props.submissions > 1);
  const difference = biggestDifference(
    props.mine,
    props.items.map((item) => item.id),
  );
  const label = difference ? props.items.find((item) => item.id === difference.itemId)?.label : '';
  const match = closest.data;
  return (
    <section className="highlight" aria-label="You vs the crowd">
      <div className="agreement">
        <p className="highlight__title">You agree {Math.round(agreement)}% with the crowd</p>
        <div className="meter" aria-hidden="true">
          <span className="meter__fill" style={{ width: `${Math.round(agreement)}%` }} />
        </div>
      </div>
      <ul className="you-vs-crowd">
        <li data-testid="my-difference">
          {difference && label
            ? `${differenceText(difference, label)}.`
            : 'You put every item where the crowd did.'}
        </li>
        {match ? (
          <li data-testid="my-closest">
            Ranked most like you: <strong dir="auto">{match.name}</strong>
            {match.agreement !== null ? ` (${Math.round(match.agreement)}% the same)` : ''}
          </li>
        ) : null}
      </ul>
      <ShareMyRankingButton game={props.game} ranking={props.mine} />
    </section>
  );
}
