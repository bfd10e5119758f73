/**
 * The achievements' names and what each asks for (SPEC §3; the domain has only their ids and
 * goals): the player page lists them, the session's toast names one when it unlocks.
 */
import { count, params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const achievementWordsText = i18n('achievements', {
  firstPlayName: 'First Play',
  firstPlay: count({ one: 'Submit your first ranking', many: 'Submit {count} rankings' }),
  collectorName: 'Collector',
  collector: count({ one: 'Create {count} game', many: 'Create {count} games' }),
  publisherName: 'Publisher',
  publisher: count({
    one: 'Publish a rank to the Community',
    many: 'Publish {count} ranks to the Community',
  }),
  levelName: params('Level {level}'),
  level: params('Reach level {level}'),
  crownsName: 'Crown Hoarder',
  crowns: count({ one: 'Collect {count} crown', many: 'Collect {count} crowns' }),
});
