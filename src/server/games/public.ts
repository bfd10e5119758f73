/**
 * Games' public face: the only file of games another feature may import (lint holds it). Its
 * hooks (hooks.ts) are wired by the composition root, not imported by features.
 */
export type { GameRow } from './data';
export type { PlayedGameFields } from './hooks';
export { finalRankersSinceSql, gamesOwnedBySql, readGameHeader, type GameHeader } from './access';
export { gameViewFor, toGameView } from './game-view';
export { createGame, deleteLockedGame, deletePlayer, lockOwned } from './mutations';
export { markPublished, markUnpublished } from './publication';
export { mergeGuestSubmissions, moveGuestGames, playsUndoneSql } from './guest-merge';
export type { GameStates } from './state';
export { closedSql } from './closing';
export type { GameChangeEvent } from './live';
export { BallotBody } from './ballot-body';
export { newItemsBody } from './item-body';
export { BallotCache } from './ballot-cache';
export { markPictureInGames } from './pictures';
export { runoff, standingsView } from './methods-view';
export { gameRead } from './read-routes';
export { games, rankings, tallies } from './relations';
