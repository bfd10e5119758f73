/** The time, refreshed every `everyMs`: for countdowns and words like "today at 18:00". */
import { useEffect, useState } from 'react';

export function useNow(everyMs = 10_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
