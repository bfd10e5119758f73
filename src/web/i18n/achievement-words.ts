/** An achievement's name and description in the catalog's words, from its id and goal. */
import type { AchievementId } from '../../domain/achievements';
import { achievementWordsText } from './messages/achievements';

export function achievementWords(
  id: AchievementId,
  goal: number,
): { name: string; description: string } {
  const t = achievementWordsText.get();
  switch (id) {
    case 'first-play':
      return { name: t.firstPlayName, description: t.firstPlay(goal) };
    case 'collector':
      return { name: t.collectorName, description: t.collector(goal) };
    case 'publisher':
      return { name: t.publisherName, description: t.publisher(goal) };
    case 'level-5':
    case 'level-10':
      return { name: t.levelName({ level: goal }), description: t.level({ level: goal }) };
    case 'crowns-100':
      return { name: t.crownsName, description: t.crowns(goal) };
  }
}
