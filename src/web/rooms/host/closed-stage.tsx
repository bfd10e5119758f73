/**
 * The presenter's end screen: the final podium, the leaderboard, and a link to each round's full
 * results (the game's own results page).
 */
import { Link } from 'react-router';
import { useText } from '../../i18n/i18n';
import { presenterText } from '../../i18n/messages/rooms-host';
import { paths } from '../../paths';
import { Leaderboard, Podium } from './podium';
import { useRoundGame, type HostRoom } from './use-host-room';

export function ClosedStage(props: { room: HostRoom }) {
  const t = useText(presenterText);
  const { room } = props;
  const played = room.playedGameIds;
  return (
    <section className="stage stage--closed">
      <div className="closed-scores">
        <h1 className="stage-title">{t.closedTitle}</h1>
        <Podium entries={room.podium} title={t.finalPodiumTitle} />
      </div>
      <div className="closed-side">
        <Leaderboard entries={room.leaderboard} />
        {played.length > 0 ? (
          <section className="closed-rounds" aria-labelledby="closed-rounds-title">
            <h2 id="closed-rounds-title" className="stage-subtitle">
              {t.roundsTitle}
            </h2>
            <ul className="closed-rounds__list" data-testid="round-links">
              {played.map((gameId, index) => (
                <RoundLink key={index} round={index + 1} gameId={gameId} />
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </section>
  );
}

function RoundLink(props: { round: number; gameId: string }) {
  const t = useText(presenterText);
  const game = useRoundGame(props.gameId).data?.game;
  return (
    <li>
      <Link to={paths.results(props.gameId)}>
        {game
          ? t.roundLink({ round: props.round, title: game.title ?? game.prompt })
          : t.roundLinkUnknown({ round: props.round })}
      </Link>
    </li>
  );
}
