/** The typed API client: the server's route types, no server code (`import type` only). */
import { hc } from 'hono/client';
import type { AppType } from '../../server/app';

export const api = hc<AppType>('/api');
