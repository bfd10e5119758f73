/** /g/{idOrSlug}/results: the crowd's order, live; or an honest note when it is not visible yet. */
import {
  BarChart3,
  Crown,
  ListPlus,
  Lock,
  Pencil,
  RefreshCw,
  Search,
  Sparkles,
  Users,
} from 'lucide-react';
import { memo, useId, useMemo, useState, type ComponentType } from 'react';
import type { DuelStanding } from '../../domain/duels';
import { Link, useParams } from 'react-router';
import type { ItemImageView } from '../../domain/item-pictures';
import type { GameView } from '../../domain/game';
import type { Evidence, Standing, Standings } from '../../domain/methods-standings';
import { errorMessage, isPermissionDenied } from '../api/errors';
import { useGameEvents, type LiveStatus } from '../api/events';
import { useGame, useResults, type ResultsView } from '../api/games';
import { useUnlockSeen } from '../api/notifications';
import { paths } from '../paths';
import { ShareButton } from '../ui/share-button';
import { GameLoadError } from '../shell/frame/game-load-error';
import { SkeletonList } from '../ui/loading';
import { StatusCard } from '../ui/status-card';
import { DistributionChart } from './distribution-chart';
import { percent, rankingsCount } from '../game/format';
import { HeadToHead } from './head-to-head';
import { RemixButton, RemixCredit } from './remix-button';
import { UnlockStatus } from '../game/unlock-status';
import { UnlockNotify } from './unlock-notify';
import { resultWindow, TOP_ROWS } from './result-window';
import { useReveal } from './use-reveal';
import { CrowdInsights } from './crowd-insights';
import { CrowdTierList } from './crowd-tier-list';
import { DuelStrengths } from './duel-strengths';
import { MethodExplanation, MethodSwitch } from './method-switch';
import { IrvRounds } from './irv-rounds';
import { listText } from './method-words';
import { useMethodOrder } from './use-method-order';
import { YouVsCrowd } from './you-vs-crowd';
import { useText } from '../i18n/i18n';
import { RichText } from '../i18n/rich-text';
import { commonText } from '../i18n/messages/common';
import {
  hiddenResultsText,
  liveText,
  noRankingsText,
  resultRowsText,
  resultRowText,
  resultsBodyText,
  resultsPageText,
  methodSwitchText,
} from '../i18n/messages/results';
import { decimal } from '../game/format';
import { formatNumber } from '../i18n/format';
import { ItemThumb } from '../ui/item-thumb';
import './results.css';

/**
 * The owner's panel (owner/), shown to the owner after the results: handed in by results-route.tsx,
 * where the two features meet, so results/ imports no other feature.
 */
export type OwnerPanelSlot = ComponentType<{ game: GameView; submissionCount: number }>;

export function ResultsPage(props: { ownerPanel: OwnerPanelSlot }) {
  const OwnerPanel = props.ownerPanel;
  const t = useText(resultsPageText);
  const c = useText(commonText);
  const { idOrSlug = '' } = useParams();
  const gameQuery = useGame(idOrSlug);
  const game = gameQuery.data?.game;
  const resultsQuery = useResults(game?.id);
  const live = useGameEvents(game?.id);
  useUnlockSeen(game?.id, resultsQuery.isSuccess && game?.isOwner === false);

  if (gameQuery.isPending) return <ResultsSkeleton />;
  if (gameQuery.isError) {
    return <GameLoadError error={gameQuery.error} retry={() => void gameQuery.refetch()} />;
  }
  const { game: loaded, submissionCount, mySubmission } = gameQuery.data;
  const ranked = mySubmission !== null && !mySubmission.partial;
  const count = resultsQuery.data?.submissions ?? submissionCount;
  // Of those, the ballots the owner imported (decision 0048), as the owner's panel says.
  const imported = gameQuery.data.importedCount ?? 0;

  return (
    <div className="results">
      <title>{c.pageTitle({ title: t.title({ prompt: loaded.prompt }) })}</title>
      <header className="game-head">
        <div className="game-head__text">
          <p className="eyebrow">
            {loaded.emoji ? <span aria-hidden="true">{loaded.emoji} </span> : null}
            {t.eyebrow}
          </p>
          <h1 className="game-head__title" dir="auto">
            {loaded.prompt}
          </h1>
          <p className="game-head__meta">
            <Users size={16} aria-hidden="true" />
            <span data-testid="submission-count" aria-live="polite" aria-atomic="true">
              {rankingsCount(count)}
              {imported > 0 ? <> {t.imported({ count: formatNumber(imported) })}</> : null}
            </span>
            <LivePill status={live} />
          </p>
          <RemixCredit game={loaded} />
        </div>
        <div className="game-head__actions">
          {/* The owner's panel below has the link, its copy button and its QR code. */}
          {loaded.isOwner ? null : <ShareButton gameId={loaded.id} title={loaded.prompt} />}
          {ranked || loaded.isOwner ? (
            <Link className="btn btn-secondary" to={paths.play(loaded.id)}>
              <Pencil size={18} aria-hidden="true" />
              {loaded.ballot.kind === 'duel' ? t.compareMore : ranked ? t.rankAgain : t.playIt}
            </Link>
          ) : null}
          {loaded.isOwner ? null : <RemixButton game={loaded} />}
        </div>
      </header>
      {loaded.isOwner && loaded.resultsLocked ? (
        <div className="notice" data-testid="owner-locked-notice">
          <Lock size={18} aria-hidden="true" />
          <p>{t.ownerLocked}</p>
        </div>
      ) : null}
      {mySubmission?.needsReorder && !loaded.closed ? (
        <div className="notice notice--warning">
          <ListPlus size={18} aria-hidden="true" />
          <p>
            {t.newItems} <Link to={paths.play(loaded.id)}>{t.placeThem}</Link>
          </p>
        </div>
      ) : null}

      {resultsQuery.isPending ? (
        <SkeletonList rows={Math.min(loaded.items.length, 6)} />
      ) : resultsQuery.isError ? (
        isPermissionDenied(resultsQuery.error) ? (
          <HiddenResults game={loaded} ranked={ranked} />
        ) : (
          <StatusCard
            tone="error"
            icon={<RefreshCw size={32} />}
            title={t.loadErrorTitle}
            actions={
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => void resultsQuery.refetch()}
              >
                {c.tryAgain}
              </button>
            }
          >
            <p>{errorMessage(resultsQuery.error)}</p>
          </StatusCard>
        )
      ) : resultsQuery.data.submissions === 0 ? (
        <NoRankingsYet game={loaded} />
      ) : (
        <ResultsBody
          game={loaded}
          results={resultsQuery.data}
          mine={ranked ? mySubmission.ranking : null}
        />
      )}
      {/* The owner's tools: one fixed place, after the results (issue 24 item 2). */}
      {loaded.isOwner ? <OwnerPanel game={loaded} submissionCount={count} /> : null}
    </div>
  );
}

function ResultsSkeleton() {
  const t = useText(resultsPageText);
  const c = useText(commonText);
  return (
    <div className="results" aria-busy="true">
      <title>{c.pageTitle({ title: t.loadingTitle })}</title>
      <div className="skeleton-title" aria-hidden="true" />
      <SkeletonList rows={6} />
    </div>
  );
}

/**
 * The live stream's state: "Live" while it is up, "Reconnecting…" while it is down (a status
 * region, so the change is announced); nothing while it first connects.
 */
function LivePill(props: { status: LiveStatus }) {
  const t = useText(liveText);
  return (
    <span className="live-status" role="status" data-testid="live-status">
      {props.status === 'live' ? (
        <span className="live-pill" title={t.liveTitle}>
          <span className="live-dot" aria-hidden="true" /> {t.live}
        </span>
      ) : props.status === 'offline' ? (
        <span className="live-pill live-pill--offline" title={t.reconnectingTitle}>
          {t.reconnecting}
        </span>
      ) : null}
    </span>
  );
}

/** Results this viewer may not see yet (a closed game's are seen by all): locked, or not ranked yet. */
function HiddenResults(props: { game: GameView; ranked: boolean }) {
  const { game, ranked } = props;
  const t = useText(hiddenResultsText);
  if (ranked) {
    return (
      <StatusCard icon={<Lock size={32} />} title={t.lockedTitle}>
        <p>{t.lockedText}</p>
        <UnlockStatus game={game} />
        <p className="muted">{t.updatesItself}</p>
        <UnlockNotify gameId={game.id} />
      </StatusCard>
    );
  }
  const duel = game.ballot.kind === 'duel';
  return (
    <StatusCard
      icon={<BarChart3 size={32} />}
      title={duel ? t.duelTitle : t.submitTitle}
      actions={
        <Link className="btn btn-gold btn-lg" to={paths.play(game.id)}>
          <Crown size={20} aria-hidden="true" />
          {duel ? t.startComparing : t.rankNow}
        </Link>
      }
    >
      <p>{duel ? t.duelNoPeeking : t.noPeeking}</p>
      {game.unlock ? (
        <>
          <p>{t.unlockForEveryone}</p>
          <UnlockStatus game={game} />
        </>
      ) : null}
    </StatusCard>
  );
}

function NoRankingsYet(props: { game: GameView }) {
  const t = useText(noRankingsText);
  return (
    <StatusCard
      icon={<Sparkles size={32} />}
      title={t.title}
      actions={
        <Link className="btn btn-secondary" to={paths.play(props.game.id)}>
          {t.playYourself}
        </Link>
      }
    >
      <p>{t.text}</p>
    </StatusCard>
  );
}

function ResultsBody(props: {
  game: GameView;
  results: ResultsView;
  /** The viewer's own final ranking, if they ranked. */
  mine: readonly string[] | null;
}) {
  const { results } = props;
  const t = useText(resultsBodyText);
  const c = useText(commonText);
  const reveal = useReveal(props.game, results.items.length);
  const revealing = reveal.hidden > 0;
  const counted = useMethodOrder(props.game.id, results);
  const labels = useMemo(
    () => new Map(results.items.map((item) => [item.id, item.label])),
    [results.items],
  );
  // Items' pictures (issue 26), by item id: the game's, not the results' (which carry no pictures).
  const pictures = useMemo(
    () => new Map(props.game.items.flatMap((item) => (item.image ? [[item.id, item.image]] : []))),
    [props.game.items],
  );
  const agreement = results.myAgreement;
  // The reveal plays the crowd's usual order; the methods come after it.
  const standings = revealing ? counted.usual : counted.standings;
  const shownItems = standings?.rows.map((row) => row.item) ?? null;
  // A lone player hears about the crown from the You vs the crowd card instead.
  const alone = results.submissions === 1 && props.mine !== null;
  const hero = !revealing && standings && standings.winners.length > 0 && !alone;

  return (
    <>
      {!revealing && (hero || agreement !== null) ? (
        <div className="highlights">
          {hero ? (
            <CrownHero
              standings={standings}
              labels={labels}
              submissions={results.submissions}
              condorcetWinner={results.condorcetWinner}
            />
          ) : null}
          {agreement !== null && props.mine ? (
            <YouVsCrowd
              game={props.game}
              agreement={agreement}
              mine={props.mine}
              items={shownItems ?? results.items}
              submissions={results.submissions}
            />
          ) : null}
        </div>
      ) : null}

      {!revealing && results.crowdTiers && props.game.ballot.kind === 'tiers' ? (
        <CrowdTierList
          crowd={results.crowdTiers}
          tiers={props.game.ballot.tiers}
          submissions={results.submissions}
        />
      ) : null}

      <section aria-labelledby="consensus-title" aria-busy={revealing || standings === null}>
        <h2 id="consensus-title" className="section-title">
          {t.crowdRanking}
        </h2>
        {revealing ? (
          <div className="reveal-bar">
            <p role="status">{t.revealing}</p>
            <button type="button" className="btn btn-secondary btn-sm" onClick={reveal.skip}>
              {t.skip}
            </button>
          </div>
        ) : (
          <MethodSwitch
            methods={counted.methods}
            method={counted.method}
            onChange={counted.setMethod}
            shownWinners={standings?.winners ?? null}
            winners={counted.winners}
            labels={labels}
            condorcetWinner={results.condorcetWinner}
          />
        )}
        {standings === null ? (
          counted.runoff.isError ? (
            <div className="notice notice--warning" role="alert">
              <p>
                {errorMessage(counted.runoff.error)}{' '}
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  onClick={() => void counted.runoff.refetch()}
                >
                  {c.tryAgain}
                </button>
              </p>
            </div>
          ) : (
            <SkeletonList rows={Math.min(results.items.length, 6)} />
          )
        ) : (
          <>
            <ResultRows
              rows={standings.rows}
              hiddenAtTop={reveal.hidden}
              revealing={revealing}
              playing={reveal.playing}
              onSkip={reveal.skip}
              submissions={results.submissions}
              labels={labels}
              pictures={pictures}
              crownTitle={crownReason(t, standings, results.condorcetWinner)}
            />
            {revealing ? null : <MethodExplanation method={standings.method} />}
            {!revealing && standings.method === 'irv' && counted.rounds ? (
              <IrvRounds
                rounds={counted.rounds}
                labels={labels}
                order={standings.rows.map((row) => row.item.id)}
              />
            ) : null}
          </>
        )}
      </section>
      {!revealing && results.duels && props.game.ballot.kind === 'duel' ? (
        <DuelStrengths labels={labels} pictures={pictures} mine={props.mine} />
      ) : null}
      {revealing ? null : <CrowdInsights items={results.items} submissions={results.submissions} />}
      {revealing ? null : (
        <HeadToHead items={results.items} headToHead={results.headToHead} pictures={pictures} />
      )}
    </>
  );
}

type BodyWords = ReturnType<typeof resultsBodyText.get>;

/** Why the shown method crowns its winner (Schulze's Condorcet winner: it beats every item). */
function crownReason(t: BodyWords, standings: Standings, condorcetWinner: string | null): string {
  const [winner] = standings.winners;
  if (standings.method === 'schulze' && winner === condorcetWinner) {
    return t.condorcetReason;
  }
  return t[`${standings.method}Reason`];
}

/** The answer to "who won?" under the shown method: the same item as the banner and row #1. */
function CrownHero(props: {
  standings: Standings;
  labels: ReadonlyMap<string, string>;
  submissions: number;
  condorcetWinner: string | null;
}) {
  const { standings, labels, submissions } = props;
  const t = useText(resultsBodyText);
  const m = useText(methodSwitchText);
  const names = standings.winners.map((id) => labels.get(id) ?? '');
  const [winner = ''] = names;
  // A crowd of one or two (issue 24 item 12): the crown is only provisional.
  const few = submissions <= 2;
  const tied = names.length > 1;
  const title = tied
    ? t.shareCrown({ winners: listText(m, names) })
    : few
      ? t.wearsCrownForNow({ winner })
      : t.wearsCrown({ winner });
  const reason = crownReason(t, standings, props.condorcetWinner);
  const text = tied
    ? t[`${standings.method}Tie`]
    : few
      ? submissions === 1
        ? t.onlyRanking
        : standings.winners[0] === props.condorcetWinner
          ? t.bothRankings
          : reason
      : reason;
  return (
    <section className="highlight highlight--crown" aria-label={t.winner} data-testid="crown-hero">
      <span className="highlight__icon" aria-hidden="true">
        <Crown size={26} />
      </span>
      <div>
        <p className="highlight__title" data-testid="crown-hero-title">
          {title}
        </p>
        <p className="highlight__text">{text}</p>
      </div>
    </section>
  );
}

/**
 * The crowd's order: the top ten of a long list with "Show all" and a search (a 200-item list is
 * many screens tall on a phone), every row otherwise.
 */
function ResultRows(props: {
  rows: readonly Standing[];
  hiddenAtTop: number;
  revealing: boolean;
  playing: boolean;
  onSkip: () => void;
  submissions: number;
  labels: ReadonlyMap<string, string>;
  pictures: ReadonlyMap<string, ItemImageView>;
  crownTitle: string;
}) {
  const t = useText(resultRowsText);
  const [expanded, setExpanded] = useState(false);
  const [query, setQuery] = useState('');
  const searchId = useId();
  const long = props.rows.length > TOP_ROWS && !props.revealing;
  const scale = useMemo(() => bandScale(props.rows), [props.rows]);
  const view = resultWindow(
    props.rows.map((row) => ({ row, label: row.item.label })),
    { expanded, query: long ? query : '' },
  );
  return (
    <>
      {long ? (
        <div className="result-search">
          <label htmlFor={searchId} className="visually-hidden">
            {t.searchLabel}
          </label>
          <Search size={18} aria-hidden="true" className="result-search__icon" />
          <input
            id={searchId}
            type="search"
            className="input result-search__input"
            placeholder={t.searchPlaceholder({ count: props.rows.length })}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            dir="auto"
          />
        </div>
      ) : null}
      {view.searching ? (
        <p className="muted result-search__count" role="status">
          {view.rows.length === 0 ? t.noMatch : t.matches(view.rows.length)}
        </p>
      ) : null}
      <ol
        className={`result-list${props.playing ? ' result-list--reveal' : ''}`}
        onClick={props.revealing ? props.onSkip : undefined}
      >
        {view.rows.map(({ item: { row }, rank }) =>
          rank <= props.hiddenAtTop ? (
            <HiddenRow key={row.item.id} rank={rank} />
          ) : (
            <ResultRow
              key={row.item.id}
              standing={row}
              crowned={row.place === 1 && props.submissions > 0}
              crownTitle={props.crownTitle}
              submissions={props.submissions}
              labels={props.labels}
              picture={props.pictures.get(row.item.id)}
              scale={scale}
            />
          ),
        )}
      </ol>
      {view.hidden > 0 ? (
        <button
          type="button"
          className="btn btn-secondary result-list__more"
          onClick={() => setExpanded(true)}
        >
          {t.showAll({ count: props.rows.length })}
        </button>
      ) : null}
    </>
  );
}

/** A place the reveal has not reached yet. */
function HiddenRow(props: { rank: number }) {
  const t = useText(resultRowsText);
  return (
    <li className="result-row result-row--hidden" data-testid="result-hidden">
      <span className="result-row__rank" aria-hidden="true">
        {props.rank}
      </span>
      <p className="result-row__label">
        <span aria-hidden="true">?</span>
        <span className="visually-hidden">{t.notRevealed({ rank: props.rank })}</span>
      </p>
    </li>
  );
}

const ResultRow = memo(function ResultRow(props: {
  standing: Standing;
  crowned: boolean;
  crownTitle: string;
  submissions: number;
  labels: ReadonlyMap<string, string>;
  picture: ItemImageView | undefined;
  scale: BandScale | null;
}) {
  const { item, place, tied, evidence } = props.standing;
  const t = useText(resultRowText);
  const podium = place <= 3 ? ` result-row--podium-${place}` : '';
  // Uniform random positions give about 0.75; above 0.8 the crowd is pulling it both ways.
  const split = props.submissions >= 3 && item.contested >= 0.8;
  return (
    <li
      className={`result-row${podium}`}
      value={place}
      data-testid="result-item"
      data-item-id={item.id}
      data-place={`${tied ? '=' : ''}${place}`}
    >
      <span className="result-row__rank" aria-hidden="true">
        {tied ? <span className="result-row__tie">=</span> : null}
        {place}
      </span>
      <div className="result-row__main">
        <p className="result-row__label">
          <span className="visually-hidden">
            {tied ? t.tiedRank({ rank: place }) : t.rank({ rank: place })}
          </span>
          <ItemThumb picture={props.picture} className="result-row__picture" />
          <bdi>{item.label}</bdi>
          {props.crowned ? (
            <span className="result-row__crown" title={props.crownTitle}>
              <Crown size={16} aria-hidden="true" />
              <span className="visually-hidden">{t.winner}</span>
            </span>
          ) : null}
          {split ? <span className="chip">{t.split}</span> : null}
        </p>
        <RowEvidence evidence={evidence} labels={props.labels} scale={props.scale} />
      </div>
      <DistributionChart label={item.label} distribution={item.distribution} />
    </li>
  );
});

/** One scale for every strength bar of a duel game's rows: the widest bands' ends. */
type BandScale = { min: number; span: number };

function bandScale(rows: readonly Standing[]): BandScale | null {
  const bands = rows.flatMap((row) => (row.evidence.method === 'strength' ? [row.evidence] : []));
  if (bands.length === 0) return null;
  const min = Math.min(...bands.map((band) => band.low));
  const max = Math.max(...bands.map((band) => band.high));
  return { min, span: max - min || 1 };
}

/** A strength as a thin bar: the 95 % band pale, the strength a short mark (decision 0064). */
function StrengthBand(props: {
  band: Pick<DuelStanding, 'strength' | 'low' | 'high'>;
  scale: BandScale;
}) {
  const { band, scale } = props;
  const at = (value: number) => `${((value - scale.min) / scale.span) * 100}%`;
  return (
    <span className="duel-band" aria-hidden="true">
      <span
        className="duel-band__range"
        style={{ left: at(band.low), width: `${((band.high - band.low) / scale.span) * 100}%` }}
      />
      <span className="duel-band__point" style={{ left: at(band.strength) }} />
    </span>
  );
}

/** What the shown method decides by, for one row. */
function RowEvidence(props: {
  evidence: Evidence;
  labels: ReadonlyMap<string, string>;
  scale: BandScale | null;
}) {
  const { evidence } = props;
  const t = useText(resultRowText);
  const strong = (value: string | number) => <strong>{value}</strong>;
  switch (evidence.method) {
    case 'mean':
      if (evidence.meanPosition === null) {
        return (
          <p className="result-row__stats" data-testid="row-evidence">
            {t.rankedByNobody}
          </p>
        );
      }
      return (
        <p className="result-row__stats" data-testid="row-evidence">
          <span>
            <RichText
              text={t.avgPosition}
              values={{
                value: strong(decimal(evidence.meanPosition)),
              }}
            />
          </span>
          <span aria-hidden="true"> · </span>
          <span>
            <RichText text={t.first} values={{ share: strong(percent(evidence.firstShare)) }} />
          </span>
        </p>
      );
    case 'strength':
      return (
        <div className="result-row__stats result-row__strength" data-testid="row-evidence">
          <span>
            <RichText
              text={t.duelsWon}
              values={{
                share: strong(percent(evidence.duels > 0 ? evidence.wins / evidence.duels : 0)),
              }}
            />
          </span>
          <span className="visually-hidden">
            {t.strength({
              value: decimal(evidence.strength),
              low: decimal(evidence.low),
              high: decimal(evidence.high),
            })}
          </span>
          {props.scale ? <StrengthBand band={evidence} scale={props.scale} /> : null}
        </div>
      );
    case 'borda':
      return (
        <p className="result-row__stats" data-testid="row-evidence">
          <RichText
            text={t.points(evidence.points)}
            values={{ points: strong(formatNumber(evidence.points)) }}
          />
        </p>
      );
    case 'irv':
      return (
        <p className="result-row__stats" data-testid="row-evidence">
          <RichText
            text={evidence.won ? t.wonRound : t.outRound}
            values={{ round: strong(evidence.round), ballots: t.ballots(evidence.votes) }}
          />
        </p>
      );
    case 'schulze':
      return (
        <>
          <p className="result-row__stats" data-testid="row-evidence">
            <RichText
              text={t.duels}
              values={{ wins: strong(evidence.wins), losses: strong(evidence.losses) }}
            />
          </p>
          <details className="result-row__paths">
            <summary>{t.paths}</summary>
            <p className="muted">{t.pathsLede}</p>
            <ul>
              {evidence.paths.map((path) => {
                const words =
                  path.strength > path.against
                    ? t.pathWins
                    : path.strength < path.against
                      ? t.pathLoses
                      : t.pathLevel;
                return (
                  <li key={path.other}>
                    {words({
                      other: props.labels.get(path.other) ?? '',
                      strength: formatNumber(path.strength),
                      against: formatNumber(path.against),
                    })}
                  </li>
                );
              })}
            </ul>
          </details>
        </>
      );
  }
}
