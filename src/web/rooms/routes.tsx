/** The live rooms' pages, one chunk loaded on demand (router.tsx). */
export { PresenterPage } from './host/presenter-page';
export { RemotePage } from './host/remote-page';
export { JoinPage } from './player/join-page';
export { RoomPhonePage } from './player/room-phone-page';
