/**
 * Live rooms' public face (issue 27): the only file of rooms another module may import. The
 * composition root mounts its routes and declares its operations.
 */
export { roomRoutes, type RoomDeps } from './routes';
export { ROOM_OPERATIONS } from './docs';
export { roomTopic, type RoomEvent } from './live';
export { RoundGate } from './round-gate';
export { moveGuestRoomPlaces } from './guest-merge';
export { purgeOldRooms, startRoomPurge } from './purge';
