import { describe, expect, it } from 'vitest';
import { ADMIN_CLAIM_TOKEN_SHAPE, claimLinkVerdict } from './admin-claim';

describe('claimLinkVerdict', () => {
  const claim = { userId: 'u1', sessionId: 's1', expiresAt: 1_000 };

  it('accepts the same account and session before expiry', () => {
    expect(claimLinkVerdict(claim, { userId: 'u1', sessionId: 's1', now: 999 })).toBe('ok');
  });

  it('refuses an unknown link', () => {
    expect(claimLinkVerdict(null, { userId: 'u1', sessionId: 's1', now: 0 })).toBe('unknown');
  });

  it('refuses at and after expiry, whoever asks', () => {
    expect(claimLinkVerdict(claim, { userId: 'u1', sessionId: 's1', now: 1_000 })).toBe('expired');
    expect(claimLinkVerdict(claim, { userId: 'u2', sessionId: 's9', now: 5_000 })).toBe('expired');
  });

  it('refuses another session of the same account, and another account', () => {
    expect(claimLinkVerdict(claim, { userId: 'u1', sessionId: 's2', now: 0 })).toBe('elsewhere');
    expect(claimLinkVerdict(claim, { userId: 'u1', sessionId: null, now: 0 })).toBe('elsewhere');
    expect(claimLinkVerdict(claim, { userId: 'u2', sessionId: 's1', now: 0 })).toBe('elsewhere');
  });
});

describe('ADMIN_CLAIM_TOKEN_SHAPE', () => {
  it('takes 43 base64url characters only', () => {
    expect(ADMIN_CLAIM_TOKEN_SHAPE.test('A'.repeat(43))).toBe(true);
    expect(ADMIN_CLAIM_TOKEN_SHAPE.test('A'.repeat(42))).toBe(false);
    expect(ADMIN_CLAIM_TOKEN_SHAPE.test(`${'A'.repeat(42)}=`)).toBe(false);
  });
});
