/**
 * Players' public face: the only file of players another feature may import, and what the
 * composition root hands games and auth as hooks (played-game records, a guest's move).
 */
export { firstPlaysSql, playedItemsEdited, playedSql } from './played';
export { moveGuestData } from './migrate-guest';
