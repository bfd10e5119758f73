/**
 * Progression's public face: the only file of progression another feature may import. XP is
 * awarded inside the transaction of the action that earns it.
 */
export { awardXpMany, awardXpOrGiveUp } from './ledger';
export { mergeGuestXp } from './guest-merge';
export { progress, xpAwards, type UserStats } from './progress';
