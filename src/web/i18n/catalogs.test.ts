import { messagesToJSON } from '@nanostores/i18n';
import { describe, expect, it } from 'vitest';
import { commonText } from './messages/common';
import * as create from './messages/create';
import * as createSignIn from './messages/create-sign-in';
import * as itemRows from './messages/item-rows';
import * as owner from './messages/owner';
import * as admin from './messages/admin';
import { itemsMissing } from '../create/missing-items';
import { EMPTY_QUIPS, NO_PROMPT_QUIPS, TOO_FEW_ITEMS_QUIPS } from '../create/quips';
import { summaryText } from '../owner/item-rows';
import * as shell from './messages/shell';
import * as results from './messages/results';
import * as rules from './messages/rules';
import * as home from './messages/home';
import * as profile from './messages/profile';
import * as player from './messages/player';
import * as community from './messages/community';
import * as myranks from './messages/myranks';
import * as builder from './messages/builder';
import * as play from './messages/play';
import * as ballot from './messages/ballot';
import * as duel from './messages/duel';
import * as playResolver from './messages/play-resolver';
import * as account from './messages/account';
import * as session from './messages/session';
import * as ui from './messages/ui';
import * as api from './messages/api';
import * as achievements from './messages/achievements';
import * as passwords from './messages/passwords';
import * as tokens from './messages/tokens';
import * as webhooks from './messages/webhooks';
import * as roomsPlay from './messages/rooms-play';
import * as notifications from './messages/notifications';
import { COMMUNITY_MESSAGES, MAX_TAG_LENGTH, MAX_TAGS } from '../../domain/community';
import { MESSAGES } from '../../domain/game';
import { playsText, ranksText } from '../community/counts';
import { counted, ordinal, rankingsCount } from '../game/format';
import { countdownText, formatDeadline, playersNeededText, rulesSummary } from '../game/rules-text';

const all = [
  commonText,
  ...Object.values(create),
  ...Object.values(createSignIn),
  ...Object.values(itemRows),
  ...Object.values(owner),
  ...Object.values(admin),
  ...Object.values(shell),
  ...Object.values(results),
  ...Object.values(rules),
  ...Object.values(home),
  ...Object.values(profile),
  ...Object.values(player),
  ...Object.values(community),
  ...Object.values(myranks),
  ...Object.values(builder),
  ...Object.values(play),
  ...Object.values(ballot),
  ...Object.values(duel),
  ...Object.values(playResolver),
  ...Object.values(account),
  ...Object.values(session),
  ...Object.values(ui),
  ...Object.values(api),
  ...Object.values(achievements),
  ...Object.values(passwords),
  ...Object.values(tokens),
  ...Object.values(webhooks),
  ...Object.values(roomsPlay),
  ...Object.values(notifications),
];
const catalogs = messagesToJSON(...all);

/** Every message of a component, by its dotted key (plural forms included). */
function messages(tree: unknown, prefix = ''): [string, unknown][] {
  if (tree === null || typeof tree !== 'object') return [[prefix, tree]];
  return Object.entries(tree).flatMap(([key, value]) =>
    messages(value, prefix ? `${prefix}.${key}` : key),
  );
}

describe('the English catalogs', () => {
  it('fill in the Community, My Ranks, the builder and the play page as they read today', () => {
    expect(playsText(12_345)).toBe('12,345 plays');
    expect(ranksText(1)).toBe('1 rank');
    const like = community.likeButtonText.get();
    expect(like.label({ title: 'Pizza' })(1)).toBe(' like. Like Pizza');
    expect(like.label({ title: 'Pizza' })(2)).toBe(' likes. Like Pizza');
    expect(community.moderationText.get().reports(1)).toBe('1 report');
    expect(community.resultsPreviewText.get().soFar({ count: '1,500' })(1500)).toBe(
      '1,500 rankings so far.',
    );
    expect(myranks.createdCardText.get().players(1)).toBe('1 player');
    expect(builder.tagInputText.get().full(MAX_TAGS)).toBe('That’s 5 tags');
    const page = play.playPageText.get();
    expect(page.rankings({ count: '1' })(1)).toBe('1 ranking so far');
    const row = play.rankRowText.get();
    expect(row.place({ picked: 'Crêpes', position: 1, label: 'Pancakes' })).toBe(
      'Place Crêpes at position 1, where Pancakes is',
    );
    const list = play.rankListText.get();
    const where = list.position({ position: 5, total: 5 });
    expect(list.cancelled({ label: 'Granola', where })).toBe(
      'Cancelled. Granola stays in position 5 of 5.',
    );
  });

  it("say what the server says where the client checks first (the server's words)", () => {
    expect(community.likeButtonText.get().signInToLike).toBe(COMMUNITY_MESSAGES.signInToLike);
    expect(community.reportDialogText.get().signInToReport).toBe(COMMUNITY_MESSAGES.signInToReport);
    expect(community.rankPageText.get().removedText).toBe(`${COMMUNITY_MESSAGES.rankRemoved}.`);
    const build = builder.builderPageText.get();
    expect(build.needTitleAndItems).toBe(COMMUNITY_MESSAGES.needTitleAndItems);
    expect(build.duplicateItems).toBe(MESSAGES.duplicateItems);
    const tags = builder.tagInputText.get();
    expect(tags.badTag({ length: MAX_TAG_LENGTH })).toBe(COMMUNITY_MESSAGES.badTag);
    expect(tags.tooManyTags({ max: MAX_TAGS })).toBe(COMMUNITY_MESSAGES.tooManyTags);
  });

  it('hold a non-empty string for every message, with well-formed placeholders', () => {
    expect(Object.keys(catalogs).length).toBeGreaterThan(5);
    for (const [component, catalog] of Object.entries(catalogs)) {
      for (const [key, value] of messages(catalog)) {
        const where = `${component}:${key}`;
        expect(typeof value, where).toBe('string');
        expect((value as string).trim(), where).not.toBe('');
        // Every { has its } around a name: a typo would show braces to people.
        const text = (value as string).replace(/\{\w+\}/g, '');
        expect(text, where).not.toMatch(/[{}]/);
      }
    }
  });

  it('fill in the create screen, the owner panel and the admin app as they read today', () => {
    expect(TOO_FEW_ITEMS_QUIPS[0]).toBe(
      "You need at least 3 contenders. Two's a duel, three's a rank!",
    );
    expect(NO_PROMPT_QUIPS).toHaveLength(4);
    expect(EMPTY_QUIPS).toHaveLength(3);
    expect(itemsMissing(1)).toBe('Add 1 more item.');
    const rows = itemRows.itemRowsText.get();
    expect(rows.enough(4)).toBe('4 items. Add as many as you like.');
    expect(rows.atLeast({ min: 3, count: 1 })).toBe('Add at least 3 items (1 so far).');
    expect(rows.removeNamed({ number: 2, label: 'Nuts' })).toBe('Remove item 2 (Nuts)');
    expect(createSignIn.createSignInText.get().reason).toMatch(/^Sign in or create an account/);
    expect(summaryText({ renamed: 1, added: 2, removed: 0 })).toBe('1 renamed · 2 added');
    const state = owner.ownerStateText.get();
    expect(state.openNeeded({ rules: 'Results unlock after 10 players', count: '7' })).toBe(
      'Open · Results unlock after 10 players (7 more needed)',
    );
    const games = admin.adminGamesText.get();
    expect(`${games.items(1)} · ${games.players(2)}`).toBe('1 item · 2 players');
    expect(admin.analyticsText.get().ofVisitors({ share: '25%' })).toBe('25% of visitors');
    const page = admin.adminPageText.get();
    expect(commonText.get().pageTitle({ title: page.pageTitle({ section: page.users }) })).toBe(
      'Users · Admin · Crowned',
    );
  });

  it('name each component once', () => {
    const names = all.map((catalog) => (catalog as unknown as { component: string }).component);
    expect(new Set(names).size).toBe(names.length);
  });

  it('are what the app says, with values and plurals filled in', () => {
    const header = shell.headerText.get();
    expect(header.level({ level: 3 })).toBe('Lv. 3');
    expect(header.crowns(1)).toBe(' crown');
    expect(header.crowns(5)).toBe(' crowns');
    expect(commonText.get().pageTitle({ title: 'Not found' })).toBe('Not found · Crowned');
  });

  it('fill in the account screens, the session toasts and list states as they read today', () => {
    const toasts = session.progressToastsText.get();
    expect(toasts.levelUp({ level: 4 })).toBe('Level Up! You are now Level 4 🎉');
    expect(toasts.achievement({ name: 'First Play' })).toBe('Achievement unlocked: First Play');
    const claim = session.legacyClaimText.get();
    expect(claim.claimed(1)).toBe('We found 1 of your earlier ranks and added it to your account.');
    expect(claim.claimed(3)).toBe(
      'We found 3 of your earlier ranks and added them to your account.',
    );
    expect(admin.adminUsersText.get().didNotLoad).toBe("Users didn't load.");
    const outbox = account.outboxText.get();
    expect(outbox.messages(1)).toBe('1 message');
    expect(outbox.messages(2)).toBe('2 messages');
    expect(outbox.openLinkLabel({ subject: 'Reset', to: 'a@b.c' })).toBe(
      'Open link from “Reset” to a@b.c',
    );
    const form = account.authFormText.get();
    expect(form.welcomeNewName({ name: 'Ada' })).toBe('Welcome to Crowned, Ada!');
    expect(form.welcomeBackName({ name: 'Ada' })).toBe('Welcome back, Ada!');
    expect(account.emailHintText.get().taken({ how: 'X.' })).toBe(
      'That email already has an account. X.',
    );
    expect(commonText.get().pageTitle({ title: account.authFormText.get().signInDocTitle })).toBe(
      'Sign in · Crowned',
    );
  });

  it('keep SPEC §8 word for word', () => {
    const errors = api.apiErrorsText.get();
    expect(errors.invalidJson).toBe('Response is not valid JSON object.');
    expect(errors.missingData).toBe('Response is missing data field.');
  });

  it('fill in the results screen as it reads today', () => {
    expect(rankingsCount(1)).toBe('1 ranking');
    expect(rankingsCount(1500)).toBe('1,500 rankings');
    expect(counted(rules.rulesText.get().players, 2)).toBe('2 players');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
      '112th',
    ]);
    expect(playersNeededText(1)).toBe('1 more player needed');
    expect(countdownText(9_000)).toBe('9s');
    const now = new Date(2026, 10, 23, 10, 0).getTime();
    expect(formatDeadline(new Date(2026, 10, 23, 18, 30).getTime(), now)).toBe('today at 18:30');
    expect(rulesSummary({ sizeLimit: 10, deadlineAt: null }, now)).toBe(
      'Results unlock after 10 players',
    );
    const rows = results.resultRowsText.get();
    expect(rows.matches(1)).toBe('1 item matches.');
    expect(rows.matches(4)).toBe('4 items match.');
    expect(results.headToHeadText.get().showMore(1)).toBe('Show 1 more item');
    const ranks = profile.publishedRanksText.get();
    expect(`${ranks.plays(1)} · ${ranks.likes(2)}`).toBe('1 play · 2 likes');
    expect(player.crownsText.get().crowns(1)).toBe('crown');
    expect(player.levelRingText.get().progressValue({ xp: 3, xpToNext: 10 })).toBe('3 of 10 XP');
  });
});
