/** Analytics' public face: the only file of analytics another feature may import. */
export type { AnalyticsRecorder } from './record';
export { readAnalytics } from './report';
export { moveGuestEvents } from './guest-merge';
export { insertEventsSql } from './events-sql';
