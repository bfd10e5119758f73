/**
 * The Community list's state in the URL (so a search or a tag can be shared and survives a
 * reload): ?sort=popular, ?q=words, ?tag=name. New is the default sort.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { CommunitySort } from '../../domain/community';

export type ListState = { sort: CommunitySort; q: string; tag: string };

export function useListState(): [ListState, (change: Partial<ListState>) => void] {
  const [params, setParams] = useSearchParams();
  const state: ListState = {
    sort: params.get('sort') === 'popular' ? 'popular' : 'new',
    q: params.get('q') ?? '',
    tag: params.get('tag') ?? '',
  };
  const update = useCallback(
    (change: Partial<ListState>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(change)) {
            if (!value || (key === 'sort' && value === 'new')) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );
  return [state, update];
}
