/** Seeds the demo game idempotently: running it again changes nothing. */
import { emptyTally } from '../../domain/results';
import type { Db } from './client';
import { game, gameTally } from './schema/games';

export const DEMO_GAME = {
  id: 'pizza-demo',
  slug: 'pizza-demo',
  prompt: 'What is the best pizza topping?',
  emoji: '🍕',
  ownerName: 'Crowned',
  category: 'demo',
  items: [
    { id: 'pepperoni', label: 'Pepperoni' },
    { id: 'mushrooms', label: 'Mushrooms' },
    { id: 'sausage', label: 'Sausage' },
    { id: 'pineapple', label: 'Pineapple' },
    { id: 'extra-cheese', label: 'Extra cheese' },
    { id: 'onions', label: 'Onions' },
    { id: 'black-olives', label: 'Black olives' },
    { id: 'basil', label: 'Fresh basil' },
  ],
};

export async function seedDemoGame(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(game).values(DEMO_GAME).onConflictDoNothing();
    await tx
      .insert(gameTally)
      .values({ gameId: DEMO_GAME.id, tally: emptyTally() })
      .onConflictDoNothing();
  });
}
