/**
 * Players' public face: the only file of players another feature may import. Profiles to join
 * (handles, last activity), and what the composition root hands games as hooks (played-game
 * records). A guest's move (migrate-guest.ts) calls every feature: the composition root wires it
 * directly, so importing this file brings none of them in.
 */
export { firstPlaysSql, playedItemsEdited, playedSql, playersOtherThanSql } from './played';
export { profiles } from './profiles';
