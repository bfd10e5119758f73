/**
 * You vs the crowd: how much the viewer agrees with the crowd's order, where they differ most,
 * the other player who ranked most like them (by the name they showed), and their own order as a
 * picture to share.
 */
import { biggestDifference } from '../../domain/crowd';
import type { GameView } from '../../domain/game';
import type { ItemResult } from '../../domain/results';
import { useClosest } from '../api/games';
import { ShareMyRankingButton } from './share-my-ranking';
import { useText } from '../i18n/i18n';
import { formatPercent } from '../i18n/format';
import { RichText } from '../i18n/rich-text';
import { youVsCrowdText } from '../i18n/messages/results';
import { differenceText } from './crowd-words';

/** A 0–100 agreement as a whole percentage ("57%"), rounded as the meter is. */
const wholePercent = (value: number) => formatPercent(Math.round(value) / 100);

export function YouVsCrowd(props: {
  game: GameView;
  agreement: number;
  mine: readonly string[];
  /** The crowd's order as shown (by the chosen method). */
  items: readonly ItemResult[];
  submissions: number;
}) {
  const { agreement } = props;
  const t = useText(youVsCrowdText);
  const closest = useClosest(props.game.id, props.submissions, props.submissions > 1);
  const difference = biggestDifference(
    props.mine,
    props.items.map((item) => item.id),
  );
  const label = difference ? props.items.find((item) => item.id === difference.itemId)?.label : '';
  const match = closest.data;
  if (props.submissions === 1) {
    // The only ranking is theirs: nothing to agree or differ with yet. The leader named is the
    // shown order's, so the page crowns one item; a duel game's strength may put first another
    // item than their own duels' order does (decision 0066).
    const leader = props.items[0];
    const top = leader?.label ?? '';
    return (
      <section className="highlight" aria-label={t.label} data-testid="you-vs-crowd">
        <div className="agreement">
          <p className="highlight__title">{t.first}</p>
          <p className="highlight__text" data-testid="you-vs-crowd-leader">
            {leader?.id === props.mine[0] ? t.firstText({ item: top }) : t.leadsText({ item: top })}
          </p>
        </div>
        <ShareMyRankingButton game={props.game} ranking={props.mine} />
      </section>
    );
  }
  const share = wholePercent(agreement);
  return (
    <section className="highlight" aria-label={t.label} data-testid="you-vs-crowd">
      <div className="agreement">
        <p className="highlight__title">
          {props.submissions === 2 ? t.agreementWithOther({ share }) : t.agreement({ share })}
        </p>
        <div className="meter" aria-hidden="true">
          <span className="meter__fill" style={{ width: `${Math.round(agreement)}%` }} />
        </div>
      </div>
      <ul className="you-vs-crowd">
        <li data-testid="my-difference">
          {difference && label ? differenceText(difference, label) : t.sameOrder}
        </li>
        {match ? (
          <li data-testid="my-closest">
            <RichText
              text={t.closest}
              values={{ name: <strong dir="auto">{match.name}</strong> }}
            />
            {match.agreement !== null
              ? t.closestShare({ share: wholePercent(match.agreement) })
              : ''}
          </li>
        ) : null}
      </ul>
      <ShareMyRankingButton game={props.game} ranking={props.mine} />
    </section>
  );
}
