/**
 * The Community list: New / Popular tabs, search, tag filter, 50 ranks a page with Load more,
 * skeletons while loading, an empty state, a "no matches" state for a search, and an error with
 * Retry. The list's state lives in the URL. `decorate` adds moderation badges and actions per card.
 */
import { Globe, Plus, SearchX, X } from 'lucide-react';
import { useCallback, useId, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CommunityRankView, CommunitySort } from '../../domain/community';
import { useCommunityList } from '../api/community';
import { errorMessage } from '../api/errors';
import { paths } from '../paths';
import { EmptyState } from '../ui/page-frame';
import { ranksText } from './counts';
import { RankCard } from './rank-card';
import { SearchBox } from '../ui/search-box';
import { SortTabs, tabId } from './sort-tabs';
import { useListState } from './use-list-query';
import { useText } from '../i18n/i18n';
import { countsText, communityBrowserText } from '../i18n/messages/community';
import { RichText } from '../i18n/rich-text';
import '../ui/tag-chips.css';
import '../ui/paged-list.css';
import './community.css';

const MAX_TAG_CHIPS = 8;
const SKELETON_CARDS = 4;

export type CardDecoration = { badges?: ReactNode; actions?: ReactNode };

export function CommunityBrowser(props: {
  headingLevel: 2 | 3;
  moderation?: boolean;
  decorate?: (rank: CommunityRankView) => CardDecoration;
}) {
  const t = useText(communityBrowserText);
  const counts = useText(countsText);
  const idBase = useId();
  const panelId = `${idBase}-panel`;
  const [state, update] = useListState();
  const list = useCommunityList({
    sort: state.sort,
    q: state.q,
    tag: state.tag,
    ...(props.moderation ? { moderation: true } : {}),
  });
  const ranks = useMemo(() => list.data?.pages.flatMap((page) => page.ranks) ?? [], [list.data]);
  const filtering = state.q.trim() !== '' || state.tag !== '';

  const onSearch = useCallback((q: string) => update({ q }), [update]);
  const onTag = useCallback((tag: string) => update({ tag }), [update]);
  const onSort = useCallback((sort: CommunitySort) => update({ sort }), [update]);

  // Tags to filter by: the one chosen, then those of the ranks shown, most used first.
  const tagChips = useMemo(() => {
    const counts = new Map<string, number>();
    for (const rank of ranks) {
      for (const tag of rank.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
    const popular = [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([tag]) => tag)
      .filter((tag) => tag !== state.tag)
      .slice(0, MAX_TAG_CHIPS);
    return state.tag ? [state.tag, ...popular] : popular;
  }, [ranks, state.tag]);

  const clearFilters = () => update({ q: '', tag: '' });

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className="rank-grid" aria-hidden="true" data-testid="rank-skeletons">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <div key={i} className="card rank-card rank-card--skeleton">
            <div className="skeleton-line skeleton-line--title" />
            <div className="skeleton-line" />
            <div className="skeleton-line" />
            <div className="skeleton-line skeleton-line--short" />
          </div>
        ))}
      </div>
    );
  } else if (list.isLoadingError) {
    body = (
      <div className="card community-error" role="alert">
        <p className="community-error__title">{t.loadError}</p>
        <p className="muted">{errorMessage(list.error)}</p>
        <button type="button" className="btn btn-primary" onClick={() => void list.refetch()}>
          {t.retry}
        </button>
      </div>
    );
  } else if (ranks.length === 0 && filtering) {
    const query = state.q.trim();
    const values = {
      query: <strong>{t.quoted({ query })}</strong>,
      tag: <strong>#{state.tag}</strong>,
    };
    body = (
      <EmptyState
        icon={<SearchX size={30} />}
        title={t.noMatchesTitle}
        headingLevel={props.headingLevel}
        actions={
          <button type="button" className="btn btn-secondary" onClick={clearFilters}>
            {t.clearSearch}
          </button>
        }
      >
        <p>
          <RichText
            text={query && state.tag ? t.noMatchesBoth : query ? t.noMatchesQuery : t.noMatchesTag}
            values={values}
          />
        </p>
      </EmptyState>
    );
  } else if (ranks.length === 0) {
    body = (
      <EmptyState
        icon={<Globe size={30} />}
        title={t.emptyTitle}
        headingLevel={props.headingLevel}
        actions={
          <>
            <Link className="btn btn-primary" to={paths.create()}>
              <Plus size={18} aria-hidden="true" />
              {t.createRank}
            </Link>
            <Link className="btn btn-secondary" to={paths.demo()}>
              {t.tryDemo}
            </Link>
          </>
        }
      >
        <p>{t.emptyText}</p>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <div className="rank-grid" data-testid="rank-list">
          {ranks.map((rank) => {
            const extra = props.decorate?.(rank);
            return (
              <RankCard
                key={rank.id}
                rank={rank}
                headingLevel={props.headingLevel}
                onTag={onTag}
                badges={extra?.badges}
                actions={extra?.actions}
              />
            );
          })}
        </div>
        {list.hasNextPage || list.isFetchNextPageError ? (
          <div className="load-more">
            {list.isFetchNextPageError ? (
              <p className="form-error" role="alert">
                {errorMessage(list.error)}
              </p>
            ) : null}
            <button
              type="button"
              className="btn btn-secondary"
              aria-disabled={list.isFetchingNextPage}
              onClick={() => (list.isFetchingNextPage ? undefined : void list.fetchNextPage())}
            >
              {list.isFetchingNextPage ? t.loading : t.loadMore}
            </button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div className="community-browser">
      <div className="community-tools">
        <SortTabs idBase={idBase} panelId={panelId} value={state.sort} onChange={onSort} />
        <SearchBox value={state.q} onSearch={onSearch} />
      </div>
      {tagChips.length > 0 ? (
        <div className="tag-filter" role="group" aria-label={t.tagFilter}>
          {tagChips.map((tag) => {
            const active = tag === state.tag;
            return (
              <button
                key={tag}
                type="button"
                className="tag-chip tag-chip--filter"
                aria-pressed={active}
                onClick={() => onTag(active ? '' : tag)}
              >
                #{tag}
                {active ? <X size={14} aria-hidden="true" /> : null}
              </button>
            );
          })}
        </div>
      ) : null}
      {state.q.trim() ? <p className="muted community-note">{t.bestMatches}</p> : null}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {list.isPending
          ? ''
          : list.isLoadingError
            ? t.announceError
            : ranks.length === 0
              ? filtering
                ? t.announceNoMatches
                : t.announceEmpty
              : (list.hasNextPage ? t.announceShowingMore : t.announceShowing)({
                  ranks: ranksText(ranks.length, counts),
                })}
      </p>
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(idBase, state.sort)}
        aria-busy={list.isPending}
        className="community-panel"
      >
        {body}
      </div>
    </div>
  );
}
