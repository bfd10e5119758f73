/**
 * First-party analytics events to the server (SPEC §5, issue 12), sent as a beacon (beacon.ts):
 * fire and forget. The server keys events by the anonymous id cookie and strips e-mail addresses.
 * What is reported is shell/session/analytics.ts's.
 */
import { beacon } from './beacon';

export type WebEvent =
  | { name: 'session_start'; props: Record<string, unknown> }
  | { name: 'share_open'; props: { game_id: string } };

export function sendEvents(events: WebEvent[]): void {
  if (events.length > 0) beacon('/api/analytics', { events });
}
