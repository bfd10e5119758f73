/**
 * /builder: make a community rank in one step: a title, at least 3 items, an optional emoji and
 * up to 5 tags. Create makes the game and publishes it, then opens the rank's page.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Crown, Hammer } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../shell/toasts';
import { COMMUNITY_MESSAGES } from '../../domain/community';
import { canBuild } from '../../domain/community-rules';
import { MESSAGES } from '../../domain/game';
import { MAX_PROMPT_LENGTH } from '../../domain/limits';
import { communityKeys, createCommunityRank, type NewCommunityRank } from '../api/community';
import { errorMessage } from '../api/errors';
import {
  findDuplicates,
  itemRowsFor,
  ItemRowsField,
  type ItemRow,
  type ItemRowsHandle,
} from '../create/item-rows-field';
import { paths } from '../paths';
import { PageHead } from '../shell/page-frame';
import { EmojiPicker } from './emoji-picker';
import { TagInput } from './tag-input';
import '../create/create.css';
import './builder.css';

const PLACEHOLDERS = ['e.g., Pepperoni', 'e.g., Margherita', 'e.g., Hawaiian'];

export function BuilderPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [rows, setRows] = useState<ItemRow[]>(() => itemRowsFor([]));
  const [emoji, setEmoji] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const itemRows = useRef<ItemRowsHandle>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), hint: useId(), error: useId() };
  const labels = rows.map((row) => row.value);
  const ready = canBuild(title, labels);

  const build = useMutation({
    mutationFn: (input: NewCommunityRank) => createCommunityRank(input),
    onSuccess: ({ rank }) => {
      queryClient.setQueryData(communityKeys.rank(rank.id), rank);
      void queryClient.invalidateQueries({ queryKey: communityKeys.lists });
      toast.success('Published to the Community! Play it first, then share the link.');
      navigate(paths.communityRank(rank.id));
    },
    onError: (thrown) => setError(errorMessage(thrown)),
  });

  const setRowsAndClear = (update: (current: ItemRow[]) => ItemRow[]) => {
    setError(null);
    setRows(update);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (build.isPending) return;
    if (!ready) {
      setError(COMMUNITY_MESSAGES.needTitleAndItems);
      if (title.trim() === '') titleInput.current?.focus();
      return;
    }
    const duplicate = rows.find((row) => findDuplicates(rows).has(row.key));
    if (duplicate) {
      setError(MESSAGES.duplicateItems);
      itemRows.current?.focusRow(duplicate.key);
      return;
    }
    setError(null);
    build.mutate({
      title: title.trim(),
      items: labels.map((label) => label.trim()).filter((label) => label !== ''),
      ...(emoji ? { emoji } : {}),
      ...(tags.length > 0 ? { tags } : {}),
    });
  };

  return (
    <div className="page-frame">
      <title>Builder · Crowned</title>
      <PageHead
        icon={<Hammer size={24} />}
        title="Rank builder"
        lede="Make a community rank: it goes straight to the Community for everyone to play."
      />
      <form className="card create-form builder-form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={ids.title}>Title</label>
          <input
            ref={titleInput}
            id={ids.title}
            className="input input-lg"
            type="text"
            placeholder="e.g., Best pizza topping"
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
                if (first) itemRows.current?.focusRow(first.key);
              }
            }}
          />
        </div>

        <ItemRowsField
          ref={itemRows}
          rows={rows}
          onChange={setRowsAndClear}
          placeholders={PLACEHOLDERS}
          hintId={ids.hint}
        />

        <EmojiPicker value={emoji} onChange={setEmoji} />

        <TagInput tags={tags} onChange={setTags} />

        <div id={ids.error} className="form-error" role="alert">
          {error}
        </div>

        <div className="create-submit">
          <button
            type="submit"
            className="btn btn-gold btn-lg btn-block"
            disabled={build.isPending}
            aria-disabled={!ready || undefined}
            aria-describedby={error ? ids.error : ready ? undefined : ids.hint}
          >
            <Crown size={20} aria-hidden="true" />
            {build.isPending ? 'Publishing…' : 'Create and publish'}
          </button>
        </div>
      </form>
    </div>
  );
}
