/** Reads of players' profiles. */
import { eq } from 'drizzle-orm';
import type { ProfileView } from '../../domain/profile';
import type { Db } from '../db/client';
import { user } from '../db/schema';

export async function readProfile(db: Db, userId: string): Promise<ProfileView | null> {
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.isAnonymous ? null : row.email,
    emailVerified: row.emailVerified,
    isAnonymous: row.isAnonymous,
    role: row.role === 'admin' ? 'admin' : 'user',
    handle: row.handle,
    image: row.image,
    level: row.level,
    xp: row.xp,
    xpToNext: row.xpToNext,
    crowns: row.crowns,
    totalXp: row.totalXp,
    stats: {
      gamesCreated: row.stats.gamesCreated,
      rankingsSubmitted: row.stats.rankingsSubmitted,
      communityPublishes: row.stats.communityPublishes,
    },
    achievements: row.achievements,
  };
}
