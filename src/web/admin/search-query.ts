/** An admin list's search words, kept in the URL (?q=) so a search survives a reload. */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export function useSearchQuery(): [string, (q: string) => void] {
  const [params, setParams] = useSearchParams();
  const setQ = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next.trim()) updated.set('q', next);
          else updated.delete('q');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params.get('q') ?? '', setQ];
}
