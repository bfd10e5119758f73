/**
 * Who is behind a request, without a database round trip on every request: each instance keeps
 * the viewers of recently seen session cookies. Never at the cost of revocation: the database
 * itself announces every change that ends or alters a session (triggers in
 * migrations/0003_session_events.sql: sign-out, revoked sessions, password reset, e-mail
 * verification, name, e-mail or role changes, deleted accounts) on the channel every instance
 * listens to, and each drops that user's cached sessions when it hears it; a lost listener
 * connection drops them all. On the instance that handled an account change, the answer waits
 * until its own announcement has come back (a barrier), so the very next request there is
 * already judged afresh. See docs/decisions/0011-session-cache.md. A session not kept here is
 * read with the others missed meanwhile, its cookie's signature checked here (decision 0073).
 */
import type { Auth, Viewer } from './better-auth';
import type { Db } from '../db/client';
import type { Logger } from '../platform/log';
import { publish, type BarrierEvent, type EventHub, type HubMessage } from '../realtime/hub';
import type { SessionEvent } from './live';
import { newId } from '../platform/ids';
import { cookieNamed, verifiedToken } from './session-cookie';
import type { NewSession } from './guest-sessions';
import { SessionReads, usableAsRead, type ReadSession } from './session-reads';

/**
 * A cached viewer is checked again with the database after this long anyway (never past its
 * session's expiry). Revocation does not wait for it (the database announces every change), so it
 * only bounds how stale a viewer could be if an announcement were lost without the listener's
 * connection (which drops them all). 60 s made every phone of a live room read its session again
 * at each round's burst of ballots (10,000 reads, two statements each, within seconds: decision
 * 0059); ten minutes covers a room's round and reveal.
 */
const MAX_AGE_MS = 10 * 60_000;
/** An admin's viewer is checked again sooner: each fresh look-up re-checks ADMIN_EMAILS (0028). */
const ADMIN_MAX_AGE_MS = 60_000;
/** Sessions kept at most (the oldest go first). */
const MAX_SESSIONS = 50_000;
/** A barrier that does not come back within this long is given up (logged). */
const BARRIER_TIMEOUT_MS = 2000;

type Entry = { viewer: Viewer; until: number };

/** What a look-up needs of better-auth's settings (its context, read once). */
type Settings = {
  /** The session cookie's name (`__Secure-` prefixed over HTTPS). */
  cookieName: string;
  secret: string;
  expiresInSeconds: number;
  updateAgeSeconds: number;
};

/** A session looked up: its viewer, and until when it may be kept. */
type Found = { viewer: Viewer; expiresAt: number };

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  private readonly barriers = new Map<string, () => void>();
  /** Bumped by every invalidation: a lookup that began before one does not store its answer. */
  private epoch = 0;
  private settings: Settings | undefined;
  private readonly reads: SessionReads;

  constructor(
    private readonly auth: Auth,
    private readonly db: Db,
    private readonly log: Logger,
    /**
     * Called with an admin's viewer whenever it is looked up afresh (never for anyone else, so
     * no statement for them): answers the viewer as it stands (app.ts takes away a role whose
     * address left ADMIN_EMAILS, decision 0028).
     */
    private readonly onAdmin?: (viewer: Viewer) => Promise<Viewer>,
  ) {
    this.reads = new SessionReads(db);
  }

  attach(hub: EventHub): () => void {
    return hub.tap<SessionEvent | BarrierEvent>((message) => this.hear(message));
  }

  /** The viewer of the request's session cookie, or null (no session, expired, revoked). */
  async viewer(headers: Headers): Promise<Viewer | null> {
    const settings = this.settings ?? (await this.loadSettings());
    const key = cookieNamed(headers.get('cookie'), settings.cookieName);
    if (key === null) return null;
    const hit = this.entries.get(key);
    if (hit && hit.until > Date.now()) return hit.viewer;
    const epoch = this.epoch;
    const found = await this.lookUp(headers, key, settings);
    if (!found) return null;
    let viewer = found.viewer;
    if (viewer.role === 'admin' && this.onAdmin) viewer = await this.onAdmin(viewer);
    if (epoch === this.epoch) {
      const maxAge = viewer.role === 'admin' ? ADMIN_MAX_AGE_MS : MAX_AGE_MS;
      this.store(key, viewer, Math.min(Date.now() + maxAge, found.expiresAt));
    }
    return viewer;
  }

  /**
   * The session of a signed cookie this instance does not keep. Its signature is checked here and
   * the session read with those of other requests (session-reads.ts), as better-auth's look-up
   * would answer it; one that has expired or is due for its daily refresh is left to
   * better-auth's look-up, which deletes or refreshes it (decision 0073).
   */
  private async lookUp(headers: Headers, key: string, settings: Settings): Promise<Found | null> {
    const token = verifiedToken(key, settings.secret);
    if (token === null) return null;
    const read: ReadSession | null = await this.reads.read(token);
    if (read === null) return null;
    if (usableAsRead(read, Date.now(), settings)) {
      return { viewer: viewerOf(read.user, read), expiresAt: read.expiresAt };
    }
    const session = await this.auth.api.getSession({ headers });
    if (!session) return null;
    const u = session.user as {
      id: string;
      name: string;
      email: string;
      isAnonymous?: boolean | null;
      role?: string | null;
    };
    return {
      viewer: viewerOf(
        { ...u, isAnonymous: u.isAnonymous === true, role: u.role ?? 'user' },
        { id: session.session.id, createdAt: new Date(session.session.createdAt).getTime() },
      ),
      expiresAt: new Date(session.session.expiresAt).getTime(),
    };
  }

  /** better-auth's cookie name, secret and session ages, as its own look-up uses them. */
  private async loadSettings(): Promise<Settings> {
    const context = await this.auth.$context;
    this.settings = {
      cookieName: context.authCookies.sessionToken.name,
      secret: context.secret,
      expiresInSeconds: context.sessionConfig.expiresIn,
      updateAgeSeconds: context.sessionConfig.updateAge,
    };
    return this.settings;
  }

  /**
   * Keeps a session this instance has just made (a guest's sign-in, guest-sessions.ts): its
   * first request is then answered without reading it back. Nothing can have changed it since
   * (a new user, a new session: a change to either is announced after this, and drops it). An
   * admin's is not kept: each fresh look-up checks the role (decision 0028).
   */
  keep(fresh: NewSession): void {
    const viewer = viewerOf(fresh.user, fresh.session);
    if (viewer.role === 'admin') return;
    this.store(fresh.cookie, viewer, Math.min(Date.now() + MAX_AGE_MS, fresh.session.expiresAt));
  }

  /**
   * Resolves once every announcement committed before this call has reached this instance (so
   * its cached sessions reflect them). One statement.
   */
  async barrier(): Promise<void> {
    const id = newId(12);
    const arrived = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.barriers.delete(id);
        this.log.warn('session barrier timed out; dropping every cached session');
        this.clear();
        resolve();
      }, BARRIER_TIMEOUT_MS);
      this.barriers.set(id, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    await publish<BarrierEvent>(this.db, { type: 'barrier', id });
    await arrived;
  }

  private hear(message: HubMessage<SessionEvent | BarrierEvent>): void {
    if (message.type === 'resync') {
      this.clear();
    } else if (message.type === 'session') {
      this.epoch += 1;
      for (const key of this.byUser.get(message.userId) ?? []) this.entries.delete(key);
      this.byUser.delete(message.userId);
    } else if (message.type === 'barrier') {
      const done = this.barriers.get(message.id);
      this.barriers.delete(message.id);
      done?.();
    }
  }

  private store(key: string, viewer: Viewer, until: number): void {
    this.entries.delete(key);
    this.entries.set(key, { viewer, until });
    let keys = this.byUser.get(viewer.id);
    if (!keys) {
      keys = new Set();
      this.byUser.set(viewer.id, keys);
    }
    keys.add(key);
    if (this.entries.size > MAX_SESSIONS) {
      const [oldest, entry] = this.entries.entries().next().value as [string, Entry];
      this.entries.delete(oldest);
      this.byUser.get(entry.viewer.id)?.delete(oldest);
    }
  }

  private clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.byUser.clear();
  }
}

/** The viewer of a session and its user. */
function viewerOf(user: NewSession['user'], session: { id: string; createdAt: number }): Viewer {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    isAnonymous: user.isAnonymous,
    role: user.role,
    sessionStartedAt: session.createdAt,
    sessionId: session.id,
  };
}
