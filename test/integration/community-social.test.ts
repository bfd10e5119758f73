/**
 * Likes, a rank's live events, reports and moderation (the report queue, hide and restore, what
 * admins see), each with its refusals.
 */
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  COMMUNITY_MESSAGES,
  type RankLiveData,
  type RankReportView,
} from '../../src/domain/community';
import type { AuditEntryView, Page } from '../../src/domain/admin';
import { moderationAction, rankReport } from '../../src/server/db/schema/community';
import { user } from '../../src/server/db/schema/auth';
import { tag } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, ids, useServer } from './harness';
import { community, type RankAnswer } from './community-harness';

describe.concurrent.each(testDatabases)(
  'community likes, live events and moderation on %s',
  (kind) => {
    const h = useServer(kind);
    const c = community(h);

    it('likes once per account, unlikes, and refuses guests and signed-out visitors', async () => {
      const owner = await h.user();
      const rankId = (await c.published(owner)).communityRankId!;
      const fan = await h.user('Fan');

      expect((await c.like(fan, rankId, true)).body).toEqual({ likes: 1, likedByMe: true });
      // Liking again changes nothing.
      expect((await c.like(fan, rankId, true)).body).toEqual({ likes: 1, likedByMe: true });
      expect((await c.rank(fan, rankId)).body.rank).toMatchObject({ likes: 1, likedByMe: true });
      expect((await c.rank(owner, rankId)).body.rank).toMatchObject({ likes: 1, likedByMe: false });
      // The owner may like their own rank too: one like per account.
      expect((await c.like(owner, rankId, true)).body).toEqual({ likes: 2, likedByMe: true });
      expect((await c.like(fan, rankId, false)).body).toEqual({ likes: 1, likedByMe: false });
      expect((await c.like(fan, rankId, false)).body).toEqual({ likes: 1, likedByMe: false });
      expect(await c.likeCounts(rankId)).toEqual({ likes: 1, rows: 1 });

      const guest = await c.like(await h.guest(), rankId, true);
      expect(guest.status).toBe(401);
      expect(guest.body).toEqual(errorOf('unauthenticated', COMMUNITY_MESSAGES.signInToLike));
      const nobody = await c.like(h.anonymous(), rankId, true);
      expect(nobody.status).toBe(401);
      expect(nobody.body).toEqual(errorOf('unauthenticated', COMMUNITY_MESSAGES.signInToLike));

      for (const liked of ['yes', 1, null, undefined]) {
        const response = await c.like(fan, rankId, liked);
        expect({ liked, status: response.status }).toEqual({ liked, status: 400 });
      }
      const badJson = await fan.request('PUT', `/api/community/${rankId}/like`, undefined, {
        raw: '{liked:',
      });
      expect(badJson.status).toBe(400);
      const unknown = await c.like(fan, `nope${tag()}`, true);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual(errorOf('not-found', COMMUNITY_MESSAGES.rankNotFound));
      expect((await c.like(fan, 'x'.repeat(1000), true)).status).toBe(404);
      expect(await c.likeCounts(rankId)).toEqual({ likes: 1, rows: 1 });
    });

    it('refuses likes on an unpublished rank', async () => {
      const owner = await h.user();
      const published = await c.published(owner);
      const fan = await h.user();
      await c.unpublish(owner, published.id);
      const response = await c.like(fan, published.communityRankId!, true);
      expect(response.status).toBe(404);
      expect(await c.likeCounts(published.communityRankId!)).toEqual({ likes: 0, rows: 0 });
    });

    it('streams a rank’s counts live: a snapshot, then plays and likes, then unlisting', async ({
      onTestFinished,
    }) => {
      const owner = await h.user();
      const published = await c.published(owner);
      const rankId = published.communityRankId!;
      const live = await h.anonymous().events(`/api/community/${rankId}/events`);
      onTestFinished(() => live.close());
      expect(live.status).toBe(200);
      const next = async () => {
        const message = await live.nextEvent(5000);
        expect(message.event).toBe('rank');
        return JSON.parse(message.data) as RankLiveData;
      };
      expect(await next()).toEqual({ plays: 0, likes: 0, listed: true });

      const fan = await h.user();
      await c.like(fan, rankId, true);
      expect(await next()).toEqual({ plays: 0, likes: 1, listed: true });

      const player = await h.guest();
      const read = await h.getGame(player, published.id);
      expect((await h.submit(player, published.id, ids(read.body.game))).status).toBe(200);
      expect(await next()).toEqual({ plays: 1, likes: 1, listed: true });

      await c.unpublish(owner, published.id);
      expect(await next()).toEqual({ plays: 1, likes: 1, listed: false });

      const missing = await h.anonymous().events(`/api/community/nope${tag()}/events`);
      expect(missing.status).toBe(404);
      missing.close();
    });

    it('takes one open report per account and rank, with a reason and an optional note', async () => {
      const owner = await h.user();
      const rankId = (await c.published(owner, undefined, `Reported ${tag()}`)).communityRankId!;
      const reporter = await h.user('Reporter');
      const path = `/api/community/${rankId}/report`;

      const filed = await reporter.request('POST', path, {
        reason: 'spam',
        note: '  buy my\u200b stuff\u202e  ',
      });
      expect(filed.status).toBe(202);
      expect(filed.body).toEqual({ reported: true });
      const again = await reporter.request('POST', path, { reason: 'offensive' });
      expect(again.status).toBe(409);
      expect(again.body).toEqual(errorOf('aborted', COMMUNITY_MESSAGES.alreadyReported));
      expect((await (await h.user()).request('POST', path, { reason: 'other' })).status).toBe(202);

      for (const body of [
        {},
        { reason: 'boring' },
        { reason: 'spam', note: 'x'.repeat(501) },
        { reason: 'spam', note: 42 },
      ]) {
        const response = await reporter.request('POST', path, body);
        expect({ body, status: response.status }).toEqual({ body, status: 400 });
      }
      const guest = await (await h.guest()).request('POST', path, { reason: 'spam' });
      expect(guest.status).toBe(401);
      expect(guest.body).toEqual(errorOf('unauthenticated', COMMUNITY_MESSAGES.signInToReport));
      expect((await h.anonymous().request('POST', path, { reason: 'spam' })).status).toBe(401);
      const unknown = await reporter.request('POST', `/api/community/nope${tag()}/report`, {
        reason: 'spam',
      });
      expect(unknown.status).toBe(404);

      const [stored] = await h.server.database.db
        .select({ n: count() })
        .from(rankReport)
        .where(eq(rankReport.rankId, rankId));
      expect(stored?.n).toBe(2);
      const [note] = await h.server.database.db
        .select({ note: rankReport.note, reason: rankReport.reason })
        .from(rankReport)
        .where(and(eq(rankReport.rankId, rankId), eq(rankReport.reason, 'spam')));
      expect(note).toEqual({ note: 'buy my stuff', reason: 'spam' });
    });

    it('admins see the report queue and hide or restore ranks; actions and resolutions are kept', async () => {
      const owner = await h.user();
      const title = `Moderated ${tag()}`;
      const published = await c.published(owner, undefined, title);
      const rankId = published.communityRankId!;
      const reporter = await h.user('Rita Reporter');
      await reporter.request('POST', `/api/community/${rankId}/report`, {
        reason: 'offensive',
        note: 'rude',
      });
      const admin = await h.user('Ada Admin');
      await c.makeAdmin(admin);

      const queue = await admin.request<{ reports: RankReportView[] }>(
        'GET',
        '/api/community/reports',
      );
      expect(queue.status).toBe(200);
      const report = queue.body.reports.find((entry) => entry.rankId === rankId);
      expect(report).toEqual({
        id: expect.any(String),
        rankId,
        rankTitle: title,
        reason: 'offensive',
        note: 'rude',
        reporterName: 'Rita Reporter',
        createdAt: expect.any(Number),
        hidden: false,
        pictures: [],
      });

      // Admins see moderation facts on lists and pages; others never do.
      const adminView = await c.rank(admin, rankId);
      expect(adminView.body.rank.moderation).toEqual({ openReports: 1, hidden: false });
      expect((await c.rank(owner, rankId)).body.rank.moderation).toBeUndefined();
      const adminList = await c.list(admin, { q: title });
      expect(adminList.body.ranks.find((rank) => rank.id === rankId)?.moderation).toEqual({
        openReports: 1,
        hidden: false,
      });

      const hidden = await admin.request<RankAnswer>('POST', `/api/community/${rankId}/hide`, {
        hidden: true,
        note: 'Offensive title',
      });
      expect(hidden.status).toBe(200);
      expect(hidden.body.rank).toMatchObject({
        id: rankId,
        moderation: { openReports: 0, hidden: true },
      });

      // Gone for everyone else, with the removed message; still there for admins (and their list).
      const removed = await c.rank(reporter, rankId);
      expect(removed.status).toBe(404);
      expect(removed.body).toEqual({
        error: { code: 'not-found', message: COMMUNITY_MESSAGES.rankRemoved, removed: true },
      });
      expect((await c.like(reporter, rankId, true)).status).toBe(404);
      expect((await c.rank(admin, rankId)).status).toBe(200);
      expect((await c.list(admin, { q: title })).body.ranks).toEqual([]);
      const cop = await c.list(admin, { q: title, moderation: '1' });
      expect(cop.status).toBe(200);
      expect(cop.body.ranks.map((rank) => [rank.id, rank.moderation])).toEqual([
        [rankId, { openReports: 0, hidden: true }],
      ]);
      // The report is resolved: out of the queue.
      const after = await admin.request<{ reports: RankReportView[] }>(
        'GET',
        '/api/community/reports',
      );
      expect(after.body.reports.some((entry) => entry.rankId === rankId)).toBe(false);
      const [resolved] = await h.server.database.db
        .select()
        .from(rankReport)
        .where(eq(rankReport.rankId, rankId));
      expect(resolved?.resolvedAt).toBeInstanceOf(Date);
      expect(resolved?.resolvedBy).toBe((await h.me(admin)).id);
      // A resolved report leaves room for a new one.
      const restored = await admin.request<RankAnswer>('POST', `/api/community/${rankId}/hide`, {
        hidden: false,
      });
      expect(restored.status).toBe(200);
      expect(restored.body.rank.moderation).toEqual({ openReports: 0, hidden: false });
      expect((await c.rank(reporter, rankId)).status).toBe(200);
      expect(
        (await reporter.request('POST', `/api/community/${rankId}/report`, { reason: 'spam' }))
          .status,
      ).toBe(202);

      const actions = await h.server.database.db
        .select()
        .from(moderationAction)
        .where(eq(moderationAction.rankId, rankId));
      expect(actions.map((action) => [action.action, action.note]).sort()).toEqual([
        ['hide', 'Offensive title'],
        ['restore', null],
      ]);
      expect(new Set(actions.map((action) => action.moderatorId))).toEqual(
        new Set([(await h.me(admin)).id]),
      );
      // Both are in the admin audit log too (decision 0028), newest first, labelled by title.
      const audit = await admin.request<Page<'entries', AuditEntryView>>(
        'GET',
        '/api/admin/audit?limit=100',
      );
      expect(audit.status).toBe(200);
      const adminId = (await h.me(admin)).id;
      expect(
        audit.body.entries
          .filter((entry) => entry.targetId === rankId)
          .map((entry) => [entry.action, entry.targetKind, entry.actorId, entry.actorName]),
      ).toEqual([
        ['restore-rank', 'rank', adminId, 'Ada Admin'],
        ['hide-rank', 'rank', adminId, 'Ada Admin'],
      ]);
      expect(audit.body.entries.find((entry) => entry.targetId === rankId)?.targetLabel).toBe(
        title,
      );
    });

    it('refuses moderation to everyone but admins, by the role in the database now', async () => {
      const owner = await h.user();
      const rankId = (await c.published(owner)).communityRankId!;
      const plain = await h.user();
      for (const client of [plain, owner]) {
        const queue = await client.request('GET', '/api/community/reports');
        expect(queue.status).toBe(403);
        expect(queue.body).toEqual(errorOf('permission-denied', COMMUNITY_MESSAGES.adminsOnly));
        const hide = await client.request('POST', `/api/community/${rankId}/hide`, {
          hidden: true,
        });
        expect(hide.status).toBe(403);
      }
      expect((await h.anonymous().request('GET', '/api/community/reports')).status).toBe(401);
      expect(
        (await (await h.guest()).request('POST', `/api/community/${rankId}/hide`, { hidden: true }))
          .status,
      ).toBe(401);

      // An admin whose role was taken away is refused at once, whatever their session remembers.
      const former = await h.user();
      await c.makeAdmin(former);
      expect((await former.request('GET', '/api/community/reports')).status).toBe(200);
      await h.server.database.db
        .update(user)
        .set({ role: 'user' })
        .where(eq(user.id, (await h.me(former)).id));
      expect((await former.request('GET', '/api/community/reports')).status).toBe(403);
      expect((await c.rank(former, rankId)).body.rank.moderation).toBeUndefined();

      const admin = await h.user();
      await c.makeAdmin(admin);
      for (const body of [{}, { hidden: 'yes' }, { hidden: true, note: 'x'.repeat(501) }]) {
        const response = await admin.request('POST', `/api/community/${rankId}/hide`, body);
        expect({ body, status: response.status }).toEqual({ body, status: 400 });
      }
      const unknown = await admin.request('POST', `/api/community/nope${tag()}/hide`, {
        hidden: true,
      });
      expect(unknown.status).toBe(404);
      expect((await c.rankRow(rankId))?.hidden).toBe(false);
    });
  },
);
