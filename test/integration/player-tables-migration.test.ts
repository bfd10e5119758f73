/**
 * Migration 0016 (decision 0037): the players' columns leave `user` for `player_profile` and
 * `player_progress`. A database holding accounts and guests at the previous migration keeps every
 * value; afterwards each new `user` row comes with both rows, and both go with it.
 */
import { describe, expect, it } from 'vitest';
import { databaseBefore, migrationTag } from '../support/migrations';
import { testDatabases } from '../support/server';

const STATS = {
  gamesCreated: 2,
  rankingsSubmitted: 5,
  communityPublishes: 1,
  xpByReason: { create: 10, play: 50, publish: 20 },
};

describe.each(testDatabases)('the player tables migration on %s', (kind) => {
  it('carries every profile and progress value over, then keeps the rows with their user', async () => {
    const tag = migrationTag('_player_tables');
    const db = await databaseBefore(kind, tag);
    try {
      await db.query(
        `insert into "user" (id, name, email, is_anonymous, role, admin_granted_by, handle,
           handle_lower, handle_skeleton, handle_claimed_at, level, xp, xp_to_next, crowns,
           total_xp, achievements, stats, locale, tz_offset, device_type, anon_id, first_touch,
           last_touch, last_seen_at, last_active_at)
         values ('ann', 'Ann', 'ann@example.test', false, 'admin', 'boss', 'Ann_1', 'ann_1',
           'ann_l', '2026-01-02T03:04:05Z', 3, 50, 179, 10, 285, '{"first-play": 1000}',
           $1, 'fr-FR', -60, 'mobile', 'visitor-1', '{"utm_source": "news"}',
           '{"utm_medium": "cpc"}', '2026-02-01T00:00:00Z', '2026-02-02T00:00:00Z')`,
        [JSON.stringify(STATS)],
      );
      // A guest with the columns' defaults.
      await db.query(
        `insert into "user" (id, name, email, is_anonymous) values ('guest', 'Guest', 'g@x', true)`,
      );
      await db.migrateTo(tag);

      const [ann] = await db.query<Record<string, unknown>>(
        `select u.name, u.role, u.admin_granted_by, p.handle, p.handle_lower, p.handle_skeleton,
           p.handle_claimed_at, p.locale, p.tz_offset, p.device_type, p.anon_id, p.first_touch,
           p.last_touch, p.last_seen_at, p.last_active_at, g.level, g.xp, g.xp_to_next, g.crowns,
           g.total_xp, g.achievements, g.stats
         from "user" u join player_profile p on p.user_id = u.id
           join player_progress g on g.user_id = u.id
         where u.id = 'ann'`,
      );
      expect(ann).toEqual({
        name: 'Ann',
        role: 'admin',
        admin_granted_by: 'boss',
        handle: 'Ann_1',
        handle_lower: 'ann_1',
        handle_skeleton: 'ann_l',
        handle_claimed_at: new Date('2026-01-02T03:04:05Z'),
        locale: 'fr-FR',
        tz_offset: -60,
        device_type: 'mobile',
        anon_id: 'visitor-1',
        first_touch: { utm_source: 'news' },
        last_touch: { utm_medium: 'cpc' },
        last_seen_at: new Date('2026-02-01T00:00:00Z'),
        last_active_at: new Date('2026-02-02T00:00:00Z'),
        level: 3,
        xp: 50,
        xp_to_next: 179,
        crowns: 10,
        total_xp: 285,
        achievements: { 'first-play': 1000 },
        stats: STATS,
      });
      const [guest] = await db.query<Record<string, unknown>>(
        `select p.handle, g.level, g.xp, g.xp_to_next, g.crowns, g.total_xp, g.stats
         from player_profile p join player_progress g on g.user_id = p.user_id
         where p.user_id = 'guest'`,
      );
      expect(guest).toEqual({
        handle: null,
        level: 1,
        xp: 0,
        xp_to_next: 100,
        crowns: 0,
        total_xp: 0,
        stats: { gamesCreated: 0, rankingsSubmitted: 0, communityPublishes: 0, xpByReason: {} },
      });
      // The columns are gone from the account row.
      const left = await db.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_name = 'user'`,
      );
      expect(left.map((row) => row.column_name).sort()).toEqual(
        [
          'admin_granted_by',
          'created_at',
          'email',
          'email_verified',
          'email_verified_at',
          'id',
          'image',
          'is_anonymous',
          'name',
          'role',
          'updated_at',
        ].sort(),
      );

      // New users (several in one statement) come with both rows; a deleted user takes them along.
      await db.query(
        `insert into "user" (id, name, email, is_anonymous)
         values ('new-1', 'New', 'n1@x', false), ('new-2', 'Guest', 'n2@x', true)`,
      );
      const made = await db.query<{ id: string; level: number; handle: string | null }>(
        `select u.id, g.level, p.handle from "user" u
           join player_profile p on p.user_id = u.id join player_progress g on g.user_id = u.id
         where u.id like 'new-%' order by u.id`,
      );
      expect(made).toEqual([
        { id: 'new-1', level: 1, handle: null },
        { id: 'new-2', level: 1, handle: null },
      ]);
      await db.query(`delete from "user" where id in ('ann', 'new-1')`);
      const kept = await db.query<{ id: string }>(
        `select user_id as id from player_profile
         union all select user_id from player_progress order by 1`,
      );
      expect(kept.map((row) => row.id)).toEqual(['guest', 'guest', 'new-2', 'new-2']);
    } finally {
      await db.close();
    }
    // A fresh database migrated from the start (no template): slow on a busy machine.
  }, 180_000);
});
