/**
 * /builder: make a community rank in one step: a title, at least 3 items, an optional emoji and
 * up to 5 tags. Create makes the game and publishes it, then opens the rank's page.
 */
import { Hammer } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../ui/toasts';
import { canBuild } from '../../domain/community-rules';
import { cleanLabels } from '../../domain/game';
import { MAX_ITEMS, MAX_PROMPT_LENGTH } from '../../domain/limits';
import { cleanText } from '../../domain/text';
import { useCreateCommunityRank } from '../api/community-mutations';
import { errorMessage } from '../api/errors';
import { findDuplicates, itemRowsFor, newItemsOf, picturesWaiting } from '../game/item-row-edits';
import { useRowPictures } from '../game/row-pictures';
import { itemPictureText } from '../i18n/messages/pictures';
import { CreateSubmitBar } from './create-submit-bar';
import { ballotOfInputs, DEFAULT_BALLOT_INPUTS, type BallotInputs } from '../game/ballot-inputs';
import { BallotField } from '../game/ballot-field';
import { ItemRowsField } from './item-rows-field';
import { useItemRows } from '../game/use-item-rows';
import { paths } from '../paths';
import { PageHead } from '../ui/page-frame';
import { EmojiPicker } from './emoji-picker';
import { TagInput } from './tag-input';
import './create.css';
import { useText } from '../i18n/i18n';
import { commonText } from '../i18n/messages/common';
import { builderPageText } from '../i18n/messages/builder';
import './builder.css';

export function BuilderPage() {
  const t = useText(builderPageText);
  const c = useText(commonText);
  const placeholders = [t.item1Placeholder, t.item2Placeholder, t.item3Placeholder];
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [emoji, setEmoji] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [ballot, setBallot] = useState<BallotInputs>(DEFAULT_BALLOT_INPUTS);
  const [ballotError, setBallotError] = useState<string | null>(null);
  const ballotRef = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const items = useItemRows({
    initial: () => itemRowsFor([]),
    max: MAX_ITEMS,
    onEdit: () => setError(null),
  });
  const { rows } = items;
  const pictures = useRowPictures(items);
  const picturesSaid = useText(itemPictureText);
  const titleInput = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), hint: useId(), error: useId() };
  const labels = rows.map((row) => row.label);
  const ready = canBuild(title, labels);

  const build = useCreateCommunityRank({
    onSuccess: ({ rank }) => {
      toast.success(t.published);
      navigate(paths.communityRank(rank.id));
    },
    onError: (thrown) => setError(errorMessage(thrown)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (build.isPending) return;
    if (!ready) {
      setError(t.needTitleAndItems);
      if (title.trim() === '') titleInput.current?.focus();
      return;
    }
    const duplicate = rows.find((row) => findDuplicates(rows).has(row.key));
    if (duplicate) {
      setError(t.duplicateItems);
      items.focusRow(duplicate.key);
      return;
    }
    const cleaned = cleanLabels(labels);
    const checked = ballotOfInputs(ballot, cleaned.length);
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
    build.mutate({
      title: cleanText(title),
      items: newItemsOf(rows),
      ...(checked.ballot.kind === 'ranking' ? {} : { ballot: checked.ballot }),
      ...(emoji ? { emoji } : {}),
      ...(tags.length > 0 ? { tags } : {}),
    });
  };

  return (
    <div className="page-frame">
      <title>{c.pageTitle({ title: t.pageTitle })}</title>
      <PageHead icon={<Hammer size={24} />} title={t.title} lede={t.lede} />
      <form className="card create-form builder-form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={ids.title}>{t.titleLabel}</label>
          <input
            ref={titleInput}
            id={ids.title}
            className="input input-lg"
            type="text"
            placeholder={t.titlePlaceholder}
            maxLength={MAX_PROMPT_LENGTH}
            autoComplete="off"
            value={title}
            onChange={(event) => {
              setError(null);
              setTitle(event.target.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
                event.preventDefault();
                const first = rows[0];
                if (first) items.focusRow(first.key);
              }
            }}
          />
        </div>

        <ItemRowsField
          items={items}
          placeholders={placeholders}
          hintId={ids.hint}
          pictures={pictures}
        />

        <div ref={ballotRef}>
          <BallotField
            value={ballot}
            onChange={(next) => {
              setBallotError(null);
              setBallot(next);
            }}
            itemCount={cleanLabels(labels).length}
            error={ballotError}
          />
        </div>

        <EmojiPicker value={emoji} onChange={setEmoji} />

        <TagInput tags={tags} onChange={setTags} />

        <div id={ids.error} className="form-error" role="alert">
          {error}
        </div>

        <CreateSubmitBar
          pending={build.isPending}
          ready={ready}
          label={t.create}
          pendingLabel={t.publishing}
          describedBy={error ? ids.error : ready ? undefined : ids.hint}
        />
      </form>
    </div>
  );
}
