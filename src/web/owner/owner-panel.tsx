/**
 * The owner's panel on the results page, shown to the owner only, after the results: the share
 * link and its QR code, the live count, the rules and state, and the owner's actions. It folds
 * (the title is its toggle), and this browser remembers whether it was folded.
 */
import { ChevronDown, CircleCheck, Lock, Users } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { GameView } from '../../domain/game';
import { useGame } from '../api/games';
import { paths } from '../paths';
import { rankingsCount } from '../game/format';
import { ArchiveButton } from './archive-button';
import { CloseGameButton } from './close-game-button';
import { DeleteGameButton } from '../game/delete-game-button';
import { DownloadDialog } from './download-dialog';
import { ImportBallotsDialog } from './import-ballots-dialog';
import { EmbedDialog } from './embed-dialog';
import { EditItemsDialog } from './edit-items-dialog';
import { EditBallotDialog } from './edit-ballot-dialog';
import { PublishButton } from './publish-button';
import { ShareLinkField, ShareQrCode } from './share-link';
import { StartRoomDialog } from './start-room-dialog';
import { RecentPlayersSection } from './recent-players-section';
import { WebhooksSection } from './webhooks-section';
import { gameStateText } from './state-text';
import { formatNumber } from '../i18n/format';
import { useText } from '../i18n/i18n';
import { ownerPanelText } from '../i18n/messages/owner';
import { localStore, readItem, storageKeys, writeItem } from '../shell/session/storage';
import './owner.css';

/** Whether the tools are unfolded, as this browser last left them (unfolded at first). */
function useToolsOpen(): [boolean, () => void] {
  const [open, setOpen] = useState(
    () => readItem(localStore(), storageKeys.ownerTools) !== 'closed',
  );
  const toggle = () => {
    setOpen((was) => {
      writeItem(localStore(), storageKeys.ownerTools, was ? 'closed' : 'open');
      return !was;
    });
  };
  return [open, toggle];
}

export function OwnerPanel(props: { game: GameView; submissionCount: number }) {
  const t = useText(ownerPanelText);
  const { game } = props;
  const navigate = useNavigate();
  const titleId = useId();
  const toolsId = useId();
  const [open, toggle] = useToolsOpen();
  // Of the rankings, those the owner imported (kept current by the live stream).
  const imported = useGame(game.id).data?.importedCount ?? 0;
  const state = useRef<HTMLParagraphElement>(null);
  const wasClosed = useRef(game.closed);

  // Closing removes the Close now button that had the focus: the state line, which now says
  // closed, takes it, so keyboard and screen-reader users are not dropped at the page's start.
  useEffect(() => {
    const justClosed = game.closed && !wasClosed.current;
    wasClosed.current = game.closed;
    if (
      justClosed &&
      (document.activeElement === null || document.activeElement === document.body)
    ) {
      state.current?.focus();
    }
  }, [game.closed]);
  return (
    <section className="card owner-panel" aria-labelledby={titleId} data-testid="owner-panel">
      <div className="owner-panel__head">
        <div>
          <h2 id={titleId} className="owner-panel__title">
            <button
              type="button"
              className="owner-panel__toggle"
              aria-expanded={open}
              aria-controls={toolsId}
              data-testid="owner-tools-toggle"
              onClick={toggle}
            >
              {t.title}
              <ChevronDown size={20} aria-hidden="true" className="owner-panel__chevron" />
            </button>
          </h2>
          <p className="owner-panel__lede">{t.lede}</p>
        </div>
        <div className="owner-panel__chips">
          {game.isPublic ? (
            <span className="chip owner-panel__chip owner-panel__chip--public">{t.public}</span>
          ) : null}
          {game.archived ? <span className="chip owner-panel__chip">{t.archived}</span> : null}
        </div>
      </div>

      <div id={toolsId} className="owner-panel__tools" hidden={!open}>
        <div className="owner-panel__body">
          <div className="owner-panel__main">
            <div className="owner-panel__facts">
              <p className="owner-fact">
                <Users size={18} aria-hidden="true" />
                <strong data-testid="owner-submission-count" aria-live="polite" aria-atomic="true">
                  {rankingsCount(props.submissionCount)}
                </strong>
                {imported > 0 ? (
                  <span className="owner-fact__extra" data-testid="owner-imported-count">
                    {t.imported({ count: formatNumber(imported) })}
                  </span>
                ) : null}
              </p>
              <p
                ref={state}
                tabIndex={-1}
                className={`owner-fact owner-fact--state${game.closed ? ' is-closed' : ''}`}
                data-testid="owner-state"
                aria-live="polite"
              >
                {game.closed ? (
                  <Lock size={18} aria-hidden="true" />
                ) : (
                  <CircleCheck size={18} aria-hidden="true" />
                )}
                <span>{gameStateText(game)}</span>
              </p>
            </div>
            <ShareLinkField game={game} />
          </div>
          <ShareQrCode game={game} />
        </div>

        <div className="owner-panel__actions" role="group" aria-label={t.actions}>
          {game.closed || game.ballot.kind === 'duel' ? null : <StartRoomDialog game={game} />}
          <EditItemsDialog game={game} />
          <EditBallotDialog game={game} submissionCount={props.submissionCount} />
          <PublishButton game={game} />
          {game.closed ? null : <CloseGameButton game={game} />}
          <DownloadDialog game={game} />
          <ImportBallotsDialog game={game} />
          <EmbedDialog game={game} />
          <ArchiveButton game={game} />
          <DeleteGameButton
            gameId={game.id}
            title={game.prompt}
            onDeleted={() => void navigate(paths.myRanks())}
          />
        </div>
        <RecentPlayersSection gameId={game.id} submissionCount={props.submissionCount} />
        <WebhooksSection gameId={game.id} />
      </div>
    </section>
  );
}
