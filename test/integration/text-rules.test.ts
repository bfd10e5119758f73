/**
 * Issue 11, items 4, 6, 11 and 12 over HTTP: display-name limits and cleaning, the password rule
 * on sign-up, reset and change, text we cannot store in better-auth bodies (400, never 500), and
 * look-alike item labels counted as duplicates.
 */
import { describe, expect, it } from 'vitest';
import { MAX_ACCOUNT_NAME_LENGTH, MESSAGES } from '../../src/domain/game';
import { PASSWORD_MESSAGES } from '../../src/server/auth/account/password-messages';
import { UNSTORABLE_TEXT_MESSAGE } from '../../src/server/http/validate';
import { tag, TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, ids, useServer, type GameBody } from './harness';

type AuthError = { code?: string; message?: string };
type SessionBody = { user: { name: string } };

const STRONG = 'correct horse battery';

describe.concurrent.each(testDatabases)('text rules on %s', (kind) => {
  const h = useServer(kind);

  const signUp = (body: Record<string, unknown>) =>
    new TestClient(h.url).request<AuthError & SessionBody>('POST', '/api/auth/sign-up/email', {
      email: `text-${tag()}@example.test`,
      password: STRONG,
      name: 'Text',
      ...body,
    });

  it('limits display names on sign-up and cleans what is kept', async () => {
    for (const [name, message] of [
      ['n'.repeat(MAX_ACCOUNT_NAME_LENGTH + 1), MESSAGES.accountNameTooLong],
      ['n'.repeat(20_000), MESSAGES.accountNameTooLong],
      ['   ', MESSAGES.nameRequired],
      ['\u200b\u202e\u3164', MESSAGES.nameRequired],
      [undefined, MESSAGES.nameRequired],
    ] as const) {
      const response = await signUp({ name });
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.message).toBe(message);
    }
    const exact = await signUp({ name: 'n'.repeat(MAX_ACCOUNT_NAME_LENGTH) });
    expect(exact.status).toBe(200);
    const cleaned = await signUp({ name: ' \u202eZo\u200be\u0301 ' });
    expect(cleaned.status).toBe(200);
    expect(cleaned.body.user.name).toBe('Zoé');
  });

  it('limits and cleans a name change, and games copy the clean name', async () => {
    const client = await h.user('Before');
    for (const [name, message] of [
      ['x'.repeat(250_000), MESSAGES.accountNameTooLong],
      ['', MESSAGES.nameRequired],
    ] as const) {
      const response = await client.request<AuthError>('POST', '/api/auth/update-user', { name });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    }
    const renamed = await client.request('POST', '/api/auth/update-user', {
      name: 'After\u200b\u2066',
    });
    expect(renamed.status).toBe(200);
    const game = await h.createGame(client);
    expect(game.ownerName).toBe('After');
  });

  it('refuses weak passwords on sign-up with the rule that applies', async () => {
    for (const [password, message] of [
      ['password', PASSWORD_MESSAGES.tooShort],
      ['short', PASSWORD_MESSAGES.tooShort],
      [' '.repeat(8), PASSWORD_MESSAGES.onlySpaces],
      [' '.repeat(12), PASSWORD_MESSAGES.onlySpaces],
      ['password123', PASSWORD_MESSAGES.tooCommon],
      ['QwertyUiop', PASSWORD_MESSAGES.tooCommon],
      ['1234567890', PASSWORD_MESSAGES.tooCommon],
    ] as const) {
      const response = await signUp({ password });
      expect(response.status, password).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect((await signUp({ password: 'ten chars!' })).status).toBe(200);
  });

  it('refuses weak new passwords on change and reset', async () => {
    const email = `change-${tag()}@example.test`;
    const client = new TestClient(h.url);
    await client.signUp({ name: 'Changer', email, password: STRONG });
    const weak = await client.request<AuthError>('POST', '/api/auth/change-password', {
      currentPassword: STRONG,
      newPassword: 'password123',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(PASSWORD_MESSAGES.tooCommon);
    const strong = await client.request('POST', '/api/auth/change-password', {
      currentPassword: STRONG,
      newPassword: 'a much better password',
    });
    expect(strong.status).toBe(200);

    // The rule is checked before the token: a weak password is refused whatever the link.
    const reset = await new TestClient(h.url).request<AuthError>(
      'POST',
      '/api/auth/reset-password',
      { newPassword: '        ', token: 'no-such-token' },
    );
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe(PASSWORD_MESSAGES.onlySpaces);
  });

  it('answers 400 to NUL characters and broken Unicode in better-auth bodies, never 500', async () => {
    const client = await h.user('Unstorable');
    const attempts: [TestClient, string, Record<string, unknown>][] = [
      [
        new TestClient(h.url),
        '/api/auth/sign-up/email',
        { name: 'a\u0000b', email: `nul-${tag()}@example.test`, password: STRONG },
      ],
      [
        new TestClient(h.url),
        '/api/auth/sign-up/email',
        { name: 'ok', email: `x\ud800-${tag()}@example.test`, password: STRONG },
      ],
      [
        new TestClient(h.url),
        '/api/auth/sign-up/email',
        { name: 'ok', email: `nul-${tag()}@example.test`, password: `${STRONG}\u0000` },
      ],
      [
        new TestClient(h.url),
        '/api/auth/sign-in/email',
        { email: 'a\u0000@example.test', password: STRONG },
      ],
      [
        new TestClient(h.url),
        '/api/auth/request-password-reset',
        { email: 'a\udc00@example.test' },
      ],
      [client, '/api/auth/update-user', { name: 'bad\udbff' }],
      [client, '/api/auth/update-user', { image: 'https://x.test/\u0000' }],
    ];
    for (const [who, path, body] of attempts) {
      const response = await who.request<AuthError>('POST', path, body);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(response.body.message).toBe(UNSTORABLE_TEXT_MESSAGE);
    }
  });

  it('counts items differing only in Unicode form, invisible characters or width as duplicates', async () => {
    const owner = await h.user('Owner');
    for (const items of [
      ['Café', 'Cafe\u0301', 'Tea'],
      ['AB', 'A\u200bB', 'Tea'],
      ['ｆｕｌｌ', 'full', 'Tea'],
      ['evil', '\u202eevil', 'Tea'],
    ]) {
      const response = await owner.request('POST', '/api/games', {
        prompt: `Dupes ${tag()}`,
        items,
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(errorOf('invalid-argument', MESSAGES.duplicateItems));
    }

    const game = await h.createGame(
      owner,
      ['Cafe\u0301', 'A\u200bB', '\u202eevil\u0007'],
      '\u202ePick\u200b one',
    );
    expect(game.prompt).toBe('Pick one');
    expect(game.items.map((item) => item.label)).toEqual(['Café', 'AB', 'evil']);

    const edit = await owner.request('PATCH', `/api/games/${game.id}/items`, {
      items: [...game.items.map((item) => ({ id: item.id, label: item.label })), 'ＡＢ'],
    });
    expect(edit.status).toBe(400);
    expect(edit.body).toEqual(errorOf('invalid-argument', MESSAGES.duplicateItems));

    // A player's typed name is cleaned too.
    const player = await h.guest();
    const submitted = await h.submit(player, game.id, ids(game), { name: '\u202eBea\u200b' });
    expect(submitted.status).toBe(200);
    expect(submitted.body.submission.name).toBe('Bea');
    const read = await player.request<GameBody>('GET', `/api/games/${game.id}`);
    expect(read.body.mySubmission?.name).toBe('Bea');
  });
});
