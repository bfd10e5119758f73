import { describe, expect, it } from 'vitest';
import { communityListQuery } from './community';

describe('communityListQuery', () => {
  it('sends only what is set: the sort always, trimmed words, the tag, the cursor', () => {
    expect(communityListQuery({ sort: 'new', q: '', tag: '' }, null)).toEqual({ sort: 'new' });
    expect(
      communityListQuery({ sort: 'popular', q: '  pizza  toppings ', tag: 'food' }, 'abc'),
    ).toEqual({ sort: 'popular', q: 'pizza  toppings', tag: 'food', cursor: 'abc' });
  });

  it('asks for the moderators view and a creator only when told', () => {
    expect(
      communityListQuery({ sort: 'new', q: '', tag: '', creator: 'ann', moderation: true }, null),
    ).toEqual({ sort: 'new', creator: 'ann', moderation: '1' });
  });
});
