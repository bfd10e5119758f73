/** Notifications' public face: the only file of notifications another feature may import. */
export { NOTIFICATIONS_OPERATIONS } from './docs';
export { gameFacts, type GameFacts } from './facts';
export { PlaysDigests } from './plays-digest';
export { pushSender, resolveVapidKeys, type PushSender, type VapidKeys } from './push';
export {
  gameNotifyRoutes,
  notificationMeRoutes,
  pushKeyRoutes,
  unsubscribePageRoutes,
  type NotificationRoutesDeps,
} from './routes';
export { startNotificationWorker, type NotificationWorkerOptions } from './worker';
