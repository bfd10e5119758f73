import { describe, expect, it } from 'vitest';
import { communityListUrl } from './community';

describe('communityListUrl', () => {
  it('sends only what is set: the sort always, trimmed words, the tag, the cursor', () => {
    expect(communityListUrl({ sort: 'new', q: '', tag: '' }, null)).toBe('/api/community?sort=new');
    expect(communityListUrl({ sort: 'popular', q: '  pizza  toppings ', tag: 'food' }, 'abc')).toBe(
      '/api/community?sort=popular&q=pizza++toppings&tag=food&cursor=abc',
    );
  });

  it('asks for the moderators view and a creator only when told', () => {
    expect(
      communityListUrl({ sort: 'new', q: '', tag: '', creator: 'ann', moderation: true }, null),
    ).toBe('/api/community?sort=new&creator=ann&moderation=1');
  });

  it('encodes what people type', () => {
    expect(communityListUrl({ sort: 'new', q: 'a&b=c', tag: 'r&b' }, null)).toBe(
      '/api/community?sort=new&q=a%26b%3Dc&tag=r%26b',
    );
  });
});
