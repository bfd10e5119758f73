/**
 * Sessions read by their tokens, in batches (the group commit of room joins, rooms/joins.ts, for
 * reads): the look-ups an instance misses while one read is in flight are read together in the
 * next, one statement for the lot. A live room's phones reach an instance that has not seen
 * their session (the other instance made it, or this one restarted) a thousand a second; one
 * better-auth look-up each was two statements and a WebCrypto check per phone, and the
 * instances' CPU, not the database, decided how fast they joined (decision 0073).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/rows';
import { session, user } from '../db/schema/auth';

/** A session and its user, as read. Times in ms. */
export type ReadSession = {
  token: string;
  id: string;
  expiresAt: number;
  createdAt: number;
  user: { id: string; name: string; email: string; isAnonymous: boolean; role: string };
};

/** At most this many tokens per statement. */
export const MAX_SESSION_BATCH = 500;

type Row = {
  token: string;
  id: string;
  expires_at: string | Date;
  created_at: string | Date;
  user_id: string;
  name: string;
  email: string;
  is_anonymous: boolean;
  role: string;
};

type Waiter = { resolve: (read: ReadSession | null) => void; reject: (error: unknown) => void };

export class SessionReads {
  /** Tokens waiting for the next read, each with everyone who asked for it. */
  private waiting = new Map<string, Waiter[]>();
  private reading = false;

  constructor(private readonly db: Db) {}

  /** The session of `token` with its user, or null when there is none (expiry not judged). */
  read(token: string): Promise<ReadSession | null> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(token);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(token, [{ resolve, reject }]);
      if (!this.reading) {
        this.reading = true;
        // One turn of the event loop first: look-ups of requests already received join it.
        setImmediate(() => void this.flush());
      }
    });
  }

  /** Reads the waiting tokens, batch after batch, until none waits. */
  private async flush(): Promise<void> {
    while (this.waiting.size > 0) {
      const batch = new Map<string, Waiter[]>();
      for (const [token, waiters] of this.waiting) {
        if (batch.size === MAX_SESSION_BATCH) break;
        batch.set(token, waiters);
      }
      for (const token of batch.keys()) this.waiting.delete(token);
      try {
        const found = await readSessions(this.db, [...batch.keys()]);
        for (const [token, waiters] of batch) {
          for (const waiter of waiters) waiter.resolve(found.get(token) ?? null);
        }
      } catch (error) {
        for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
      }
    }
    this.reading = false;
  }
}

/** The sessions of `tokens` with their users, by token (one statement). */
export async function readSessions(db: Db, tokens: string[]): Promise<Map<string, ReadSession>> {
  const found = new Map<string, ReadSession>();
  if (tokens.length === 0) return found;
  const read = rows<Row>(
    await db.execute(sql`
      select s.token, s.id, s.expires_at, s.created_at,
        u.id as user_id, u.name, u.email, u.is_anonymous, u.role
      from ${session} s join ${user} u on u.id = s.user_id
      where s.token in (select jsonb_array_elements_text(${JSON.stringify(tokens)}::jsonb))
    `),
  );
  for (const row of read) {
    found.set(row.token, {
      token: row.token,
      id: row.id,
      expiresAt: new Date(row.expires_at).getTime(),
      createdAt: new Date(row.created_at).getTime(),
      user: {
        id: row.user_id,
        name: row.name,
        email: row.email,
        isAnonymous: row.is_anonymous === true,
        role: row.role,
      },
    });
  }
  return found;
}

/**
 * Whether a session as read may sign its request in as it is, without better-auth: not expired,
 * and not yet due for the refresh better-auth's look-up makes once a day (`updateAge`: it then
 * extends the expiry by `expiresIn` and writes it). A session that is either goes to better-auth,
 * which deletes it or refreshes it as before.
 */
export function usableAsRead(
  read: { expiresAt: number },
  now: number,
  config: { expiresInSeconds: number; updateAgeSeconds: number },
): boolean {
  if (read.expiresAt <= now) return false;
  const dueAt = read.expiresAt - config.expiresInSeconds * 1000 + config.updateAgeSeconds * 1000;
  return dueAt > now;
}
