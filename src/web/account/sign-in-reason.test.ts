import { describe, expect, it } from 'vitest';
import type { CreateDraft } from '../game/draft';
import { CREATE_SIGN_IN_REASON, createSignInReason } from './sign-in-reason';

const pressed: CreateDraft = {
  prompt: 'Best snack',
  items: ['Chips', 'Nuts', 'Pretzels'],
  rules: { deadline: '', players: '' },
  publish: false,
  pressed: true,
};

describe('createSignInReason', () => {
  it('says why for a sign-in on the way back to /create with a pressed draft', () => {
    expect(createSignInReason('/create', pressed)).toBe(CREATE_SIGN_IN_REASON);
    expect(createSignInReason('/create?from=nav#top', pressed)).toBe(CREATE_SIGN_IN_REASON);
  });

  it('promises nothing that will not happen', () => {
    // No draft, or one whose Create was not pressed: /create fills it in but does not create it.
    expect(createSignInReason('/create', null)).toBeNull();
    expect(createSignInReason('/create', { ...pressed, pressed: false })).toBeNull();
    // A draft that cannot be created.
    expect(createSignInReason('/create', { ...pressed, prompt: ' ' })).toBeNull();
    expect(createSignInReason('/create', { ...pressed, items: ['Chips', '', 'Nuts'] })).toBeNull();
    // Signing in leads elsewhere.
    for (const target of [
      '/',
      '/myranks',
      '/created',
      'https://evil.example/create',
      '//x/create',
    ]) {
      expect(createSignInReason(target, pressed), target).toBeNull();
    }
  });
});
