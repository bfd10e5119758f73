/** The seconds left in a room's round, ticking, by the server's clock (countdown.ts). */
import { useEffect, useState } from 'react';
import { secondsLeft } from './countdown';

export function useCountdown(
  room: { deadline: number | null; serverTime: number; receivedAt: number } | undefined,
): number | null {
  const [now, setNow] = useState(() => Date.now());
  const deadline = room?.deadline ?? null;
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return room ? secondsLeft(room, room.receivedAt, now) : null;
}
