/**
 * The Community's public face: the only file of community another feature may import, and what
 * the composition root hands games as hooks (rank-mirror.ts: a rank mirrors its game).
 */
export { rankGame } from './data';
export { listedSql } from './listed';
export { publishGame } from './mutations';
export { rankArchived, rankItemsEdited, rankPlaysSql, ranksOfGameDeleted } from './rank-mirror';
export { mergeGuestLikes, moveGuestRanks, rankPlaysUndoneSql } from './guest-merge';
export { ranks } from './relations';
