/**
 * The reveal on the presenter: the crowd's ranking of the round's game, from its last shown place
 * up to the winner, who comes last after a drum roll and gets the crown; then the round's podium
 * and the room's leaderboard. Screen readers hear each place as it appears.
 */
import { Crown } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { ItemResult } from '../../../domain/results';
import { useResults } from '../../api/games';
import { useText } from '../../i18n/i18n';
import { presenterText } from '../../i18n/messages/rooms-host';
import { paths } from '../../paths';
import { ItemThumb } from '../../ui/item-thumb';
import { Leaderboard, Podium } from './podium';
import { sounds } from './sound';
import { DRUMROLL_MS, isPlaceShown, REVEAL_PLACES } from './stage-rules';
import { useRevealSteps } from './use-reveal-steps';
import { useReducedMotion, useRoundGame, type HostRoom } from './use-host-room';
import { counted } from '../../game/format';

export type RevealControl = { playing: boolean; skip: () => void };

export function RevealStage(props: {
  room: HostRoom;
  sound: boolean;
  /** Tells the page whether the reveal is playing and how to skip it (its shortcut does). */
  onControl: (control: RevealControl | null) => void;
}) {
  const t = useText(presenterText);
  const { room } = props;
  const gameId = room.gameId ?? undefined;
  const results = useResults(gameId);
  const game = useRoundGame(room.gameId).data?.game;
  const reduced = useReducedMotion();
  const items = results.data && results.data.submissions > 0 ? results.data.items : [];
  const shown = items.slice(0, REVEAL_PLACES);
  const reveal = useRevealSteps(shown.length, `${room.gameId}:${room.round}`, reduced);
  const pictures = new Map(game?.items.map((item) => [item.id, item.image]) ?? []);

  const { onControl } = props;
  const { done, skip } = reveal;
  useEffect(() => {
    onControl({ playing: !done, skip });
    return () => onControl(null);
  }, [onControl, done, skip]);
  useRevealSounds(props.sound && !reduced, reveal.step, shown.length);

  const newest = reveal.revealed > 0 ? shown[shown.length - reveal.revealed] : undefined;
  const said = !newest
    ? ''
    : reveal.done
      ? t.winner({ label: shown[0]?.label ?? '' })
      : t.revealedItem({ place: shown.length - reveal.revealed + 1, label: newest.label });

  return (
    <section className="stage stage--reveal">
      <div className="reveal-ranking">
        {game ? <p className="stage-eyebrow">{game.prompt}</p> : null}
        <h1 className="stage-title stage-title--reveal">{t.revealTitle}</h1>
        {results.isPending ? (
          <p className="stage-note" role="status">
            {t.resultsLoading}
          </p>
        ) : results.isError ? (
          <p className="stage-note">{t.resultsFailed}</p>
        ) : shown.length === 0 ? (
          <p className="stage-note">{t.noBallots}</p>
        ) : (
          <>
            <ol className="reveal-list" data-testid="reveal-list" aria-hidden={!reveal.done}>
              {shown.map((item, index) => (
                <RevealRow
                  key={item.id}
                  item={item}
                  place={index + 1}
                  shown={isPlaceShown(index + 1, shown.length, reveal.revealed)}
                  drumroll={index === 0 && reveal.drumroll}
                  picture={pictures.get(item.id)}
                />
              ))}
            </ol>
            {items.length > shown.length && reveal.done && gameId ? (
              <p className="stage-note">
                <Link to={paths.results(gameId)}>
                  {counted(t.morePlaces, items.length - shown.length)}
                </Link>
              </p>
            ) : null}
            {!reveal.done ? (
              <button type="button" className="btn btn-secondary reveal-skip" onClick={reveal.skip}>
                {t.skip}
              </button>
            ) : null}
          </>
        )}
        <p
          className="visually-hidden"
          aria-live="polite"
          aria-atomic="true"
          data-testid="reveal-said"
        >
          {said}
        </p>
      </div>
      <div className="reveal-scores" data-testid="reveal-scores">
        {reveal.done || shown.length === 0 ? (
          <>
            <Podium entries={room.podium} title={t.podiumTitle} lede={t.podiumLede} />
            <Leaderboard entries={room.leaderboard} />
          </>
        ) : null}
      </div>
    </section>
  );
}

function RevealRow(props: {
  item: ItemResult;
  place: number;
  shown: boolean;
  drumroll: boolean;
  picture: { thumbUrl: string; alt: string } | undefined;
}) {
  const t = useText(presenterText);
  const winner = props.place === 1;
  const className = [
    'reveal-row',
    props.shown ? 'is-shown' : 'is-hidden',
    winner ? 'reveal-row--winner' : '',
    props.drumroll ? 'is-drumroll' : '',
  ].join(' ');
  return (
    <li className={className} data-testid="reveal-row" data-shown={props.shown}>
      <span className="reveal-row__place">{props.place}</span>
      {props.shown ? (
        <span className="reveal-row__item">
          {winner ? <Crown className="reveal-row__crown" aria-hidden="true" /> : null}
          <ItemThumb picture={props.picture} className="reveal-row__picture" />
          <span className="reveal-row__label" data-testid="reveal-label">
            {props.item.label}
          </span>
        </span>
      ) : props.drumroll ? (
        <span className="reveal-row__drumroll">{t.drumroll}</span>
      ) : (
        <span className="reveal-row__blank" />
      )}
    </li>
  );
}

/** A tick for each place, the drum roll before the winner and a chord for the crown. */
function useRevealSounds(on: boolean, step: number, places: number): void {
  const played = useRef(step);
  useEffect(() => {
    if (!on || step === played.current) return;
    played.current = step;
    if (step === places) sounds.crown();
    else if (step === places - 1) {
      sounds.tick();
      sounds.drumroll(DRUMROLL_MS / 1000);
    } else if (step > 0) sounds.tick();
  }, [on, step, places]);
}
