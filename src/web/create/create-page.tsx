/**
 * /create (SPEC §2 Create screen, §4 Create flow): a prompt, at least 3 items, the Publish to
 * Community switch and the results rules; creating goes straight to the game's play route.
 *
 * The form is kept as a session draft while the person types (decision 0006). Anyone may compose
 * (decision 0020): someone without an account pressing Create, or anyone whose session ended, is
 * sent to sign in with the draft marked as pressed; back on /create with an account, that draft is
 * created at once.
 *
 * Pressing Create with something missing says what (a quip for that case, SPEC §5), marks the
 * field with a short message and moves focus to it (use-what-is-missing.ts). The Create button
 * stays in view above the bottom navigation (create-submit-bar.tsx).
 *
 * Offline (issue 12) the same pressed draft waits for the network: the page says so, and the
 * draft is created once when the connection returns (or when /create opens again online). The
 * creating, the draft and the sign-in round trip are use-create-game.ts.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { canCreate, cleanLabels } from '../../domain/game';
import { ballotOfInputs, DEFAULT_BALLOT_INPUTS, type BallotInputs } from '../game/ballot-inputs';
import { BallotField } from '../game/ballot-field';
import { MAX_ITEMS } from '../../domain/limits';
import { OfflineNotice } from '../ui/offline-notice';
import { paths } from '../paths';
import { useViewer } from '../shell/session/use-viewer';
import { CreateOptions } from './create-options';
import { CreateSubmitBar } from './create-submit-bar';
import { readDraft } from '../game/draft';
import { findDuplicates, itemRowsFor, picturesWaiting } from '../game/item-row-edits';
import { useRowPictures } from '../game/row-pictures';
import { itemPictureText } from '../i18n/messages/pictures';
import { ItemRowsField } from './item-rows-field';
import { itemsMissing } from './missing-items';
import { PromptField } from './prompt-field';
import { NO_RULE_INPUTS, type RuleInputs } from '../game/rule-inputs';
import { useCreateGame } from './use-create-game';
import { useItemRows } from '../game/use-item-rows';
import { useWhatIsMissing } from './use-what-is-missing';
import { useText } from '../i18n/i18n';
import { commonText } from '../i18n/messages/common';
import { createPageText, submitBarText } from '../i18n/messages/create';
import { RichText } from '../i18n/rich-text';
import './create.css';
import { offlineText } from '../i18n/messages/api';

export function CreatePage() {
  const t = useText(createPageText);
  const c = useText(commonText);
  const offline = useText(offlineText);
  const submit = useText(submitBarText);
  const placeholders = [t.item1Placeholder, t.item2Placeholder, t.item3Placeholder];
  const viewer = useViewer();
  const [restored] = useState(readDraft);
  const [prompt, setPrompt] = useState(restored?.prompt ?? '');
  const [rules, setRules] = useState<RuleInputs>(restored?.rules ?? NO_RULE_INPUTS);
  const [publish, setPublish] = useState(restored?.publish ?? false);
  const [ballot, setBallot] = useState<BallotInputs>(
    () => restored?.ballot ?? DEFAULT_BALLOT_INPUTS,
  );
  const [ballotError, setBallotError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const items = useItemRows({
    initial: () => itemRowsFor(restored?.items ?? [], restored?.pictures),
    max: MAX_ITEMS,
    onEdit: () => setError(null),
  });
  const { rows } = items;
  const pictures = useRowPictures(items);
  const picturesSaid = useText(itemPictureText);
  const promptInput = useRef<HTMLInputElement>(null);
  const game = useCreateGame({
    restored,
    form: { prompt, rows, rules, publish, ballot },
    setError,
  });
  const itemCount = cleanLabels(game.draft.items).length;
  const ballotRef = useRef<HTMLDivElement>(null);
  const missing = useWhatIsMissing({
    prompt,
    items,
    focusPrompt: () => promptInput.current?.focus(),
  });
  const ids = { itemsError: useId(), hint: useId() };

  const ready = canCreate(prompt, game.draft.items);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (game.pending) return;
    if (!ready) {
      missing.show();
      return;
    }
    const duplicateKeys = findDuplicates(rows);
    const duplicate = rows.find((row) => duplicateKeys.has(row.key));
    if (duplicate) {
      setError(t.duplicateItems);
      items.focusRow(duplicate.key);
      return;
    }
    const checked = ballotOfInputs(ballot, itemCount);
    if (checked.error !== null) {
      setBallotError(checked.error);
      ballotRef.current?.querySelector<HTMLElement>('input:checked, input')?.focus();
      return;
    }
    const waiting = picturesWaiting(rows);
    if (waiting) {
      setError(waiting === 'uploading' ? picturesSaid.waitUploading : picturesSaid.fixFailed);
      return;
    }
    setError(null);
    game.press();
  };

  return (
    <>
      <title>{c.pageTitle({ title: t.title })}</title>
      <div className="page-head">
        <h1 className="page-title">{t.title}</h1>
        <p className="muted">
          <RichText
            text={t.lede}
            values={{
              demo: <Link to={paths.demo()}>{t.demo}</Link>,
              build: <Link to={paths.builder()}>{t.build}</Link>,
            }}
          />
        </p>
      </div>

      <form className="card create-form" onSubmit={onSubmit} noValidate>
        <PromptField
          value={prompt}
          onChange={(value) => {
            setError(null);
            setPrompt(value);
          }}
          onEnter={() => {
            const first = rows[0];
            if (first) items.focusRow(first.key);
          }}
          invalid={missing.promptInvalid}
          ref={promptInput}
        />

        <ItemRowsField
          items={items}
          placeholders={placeholders}
          hintId={ids.hint}
          invalidKeys={missing.itemsInvalid ? new Set(missing.toFill.keys) : undefined}
          // Pictures need an account (uploads are an account's); others compose text items.
          pictures={viewer.status === 'signed-in' ? pictures : undefined}
          error={
            missing.itemsInvalid
              ? { id: ids.itemsError, message: itemsMissing(missing.toFill.short) }
              : null
          }
        />

        <div ref={ballotRef}>
          <BallotField
            value={ballot}
            onChange={(next) => {
              setBallotError(null);
              setBallot(next);
            }}
            itemCount={itemCount}
            error={ballotError}
          />
        </div>

        <CreateOptions
          publish={publish}
          onPublishChange={setPublish}
          rules={rules}
          onRulesChange={setRules}
        />

        <div className="form-error" role="alert">
          {error}
        </div>

        {viewer.status === 'signed-in' ? null : (
          <p className="field__hint center">{t.signInNote}</p>
        )}
        <CreateSubmitBar
          pending={game.pending}
          ready={ready}
          label={submit.create}
          pendingLabel={submit.creating}
          offlineLabel={submit.createOffline}
          describedBy={ready ? undefined : ids.hint}
          notice={<OfflineNotice message={game.waiting ? offline.game : null} />}
        />
      </form>
    </>
  );
}
