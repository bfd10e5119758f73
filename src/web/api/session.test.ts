import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The session store (decision 0069) against a server the test plays: each request waits until
 * the test answers it. Just enough of the browser: `fetch`, `document` (visibility), `window`
 * (online, storage) and `localStorage`. The module keeps its state, so each test loads it anew.
 */
type Request = {
  url: string;
  init: RequestInit;
  answer: (status: number, body: unknown) => void;
  fail: () => void;
};

const MESSAGE_KEY = 'better-auth.message';

const SESSION = {
  user: { id: 'u1', name: 'Ada', email: 'ada@example.com', emailVerified: true },
  session: { id: 's1', userId: 'u1' },
};

let requests: Request[];
let page: EventTarget & { visibilityState: string };
let browser: EventTarget;
let stored: Map<string, string>;

function fakeFetch(url: string, init: RequestInit): Promise<Response> {
  return new Promise((resolve, reject) => {
    const aborted = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    init.signal?.addEventListener('abort', aborted);
    requests.push({
      url,
      init,
      answer: (status, body) =>
        resolve(
          new Response(JSON.stringify(body), {
            status,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      fail: () => reject(new TypeError('Failed to fetch')),
    });
  });
}

async function load() {
  vi.resetModules();
  return import('./session');
}

/** Lets the answered request's promise chain run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  requests = [];
  page = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  browser = new EventTarget();
  stored = new Map();
  vi.stubGlobal('fetch', fakeFetch);
  vi.stubGlobal('document', page);
  vi.stubGlobal('window', browser);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the session store', () => {
  it('is pending until the first answer, then holds the session and tells its listeners', async () => {
    const session = await load();
    expect(session.sessionState()).toEqual({ data: null, isPending: true, unreachable: false });
    const heard = vi.fn();
    session.subscribeSession(heard);

    const done = session.refetchSession();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('/api/auth/get-session');
    expect(requests[0]!.init.credentials).toBe('same-origin');
    requests[0]!.answer(200, SESSION);
    await done;
    expect(session.sessionState()).toEqual({ data: SESSION, isPending: false, unreachable: false });
    expect(heard).toHaveBeenCalled();
  });

  it('reads no session from a 401 or a null body', async () => {
    const session = await load();
    let done = session.refetchSession();
    requests[0]!.answer(401, { message: 'Unauthorized' });
    await done;
    expect(session.sessionState()).toEqual({ data: null, isPending: false, unreachable: false });

    done = session.refetchSession();
    requests[1]!.answer(200, null);
    await done;
    expect(session.sessionState()).toEqual({ data: null, isPending: false, unreachable: false });
  });

  it('keeps what it knew when the server cannot be reached or fails', async () => {
    const session = await load();
    let done = session.refetchSession();
    requests[0]!.answer(200, SESSION);
    await done;

    done = session.refetchSession();
    requests[1]!.fail();
    await done;
    expect(session.sessionState()).toEqual({ data: SESSION, isPending: false, unreachable: true });

    done = session.refetchSession();
    requests[2]!.answer(500, { message: 'oops' });
    await done;
    expect(session.sessionState()).toEqual({ data: SESSION, isPending: false, unreachable: true });

    // Unreached with nothing known (a reload without network), then answered.
    done = session.refetchSession();
    requests[3]!.answer(401, null);
    await done;
    done = session.refetchSession();
    requests[4]!.fail();
    await done;
    expect(session.sessionState()).toEqual({ data: null, isPending: false, unreachable: true });
    done = session.refetchSession();
    requests[5]!.answer(200, SESSION);
    await done;
    expect(session.sessionState()).toEqual({ data: SESSION, isPending: false, unreachable: false });
  });

  it('lets a request in flight give way to a newer one: the older answer is not taken', async () => {
    const session = await load();
    const first = session.refetchSession();
    const second = session.refetchSession();
    expect(requests[0]!.init.signal?.aborted).toBe(true);
    expect(requests[1]!.init.signal?.aborted).toBe(false);
    requests[1]!.answer(401, null);
    await Promise.all([first, second]);
    // The first one's answer, had it come, is not the session.
    requests[0]!.answer(200, SESSION);
    await settle();
    expect(session.sessionState()).toEqual({ data: null, isPending: false, unreachable: false });
  });

  it('keeps the same object for the same session (no needless re-render)', async () => {
    const session = await load();
    let done = session.refetchSession();
    requests[0]!.answer(200, SESSION);
    await done;
    const before = session.sessionState().data;

    done = session.refetchSession();
    requests[1]!.answer(200, structuredClone(SESSION));
    await done;
    expect(session.sessionState().data).toBe(before);
  });

  it('is pending again while a new answer is awaited without a session, not with one', async () => {
    const session = await load();
    const done = session.refetchSession();
    requests[0]!.answer(401, null);
    await done;
    void session.refetchSession();
    expect(session.sessionState()).toEqual({ data: null, isPending: true, unreachable: false });
    requests[1]!.answer(200, SESSION);
    await settle();

    void session.refetchSession();
    expect(session.sessionState()).toEqual({ data: SESSION, isPending: false, unreachable: false });
    requests[2]!.answer(200, SESSION);
    await settle();
  });

  it('asks again when the page is shown or the browser is back online, at most once in 5 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T12:00:00Z'));
    const session = await load();
    session.subscribeSession(() => {});
    void session.refetchSession();
    expect(requests).toHaveLength(1);

    page.dispatchEvent(new Event('visibilitychange'));
    browser.dispatchEvent(new Event('online'));
    expect(requests).toHaveLength(1);

    vi.setSystemTime(new Date('2026-11-28T12:00:05Z'));
    page.visibilityState = 'hidden';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(requests).toHaveLength(1);
    page.visibilityState = 'visible';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(requests).toHaveLength(2);

    vi.setSystemTime(new Date('2026-11-28T12:00:11Z'));
    browser.dispatchEvent(new Event('online'));
    expect(requests).toHaveLength(3);
  });

  it('asks again when another tab says the session changed, and says so to the other tabs', async () => {
    const session = await load();
    session.subscribeSession(() => {});
    const storage = (key: string, newValue: string | null) =>
      browser.dispatchEvent(Object.assign(new Event('storage'), { key, newValue }));

    storage('crowned.theme', 'dark');
    storage(MESSAGE_KEY, 'not json');
    storage(MESSAGE_KEY, JSON.stringify({ event: 'other' }));
    storage(MESSAGE_KEY, null);
    expect(requests).toHaveLength(0);
    storage(MESSAGE_KEY, JSON.stringify({ event: 'session', data: { trigger: 'signal' } }));
    expect(requests).toHaveLength(1);

    session.sessionChanged();
    expect(requests).toHaveLength(2);
    const message = JSON.parse(stored.get(MESSAGE_KEY) ?? '{}') as { event?: string };
    expect(message.event).toBe('session');
  });
});
