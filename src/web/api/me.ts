/**
 * The calls the shell makes about the signed-in person: the profile, the session-start upkeep,
 * the admin self-grant and the legacy claim (the profile's live stream is in profile-stream.ts).
 * A server without these endpoints (404) degrades to "no profile" and no-ops: the app keeps
 * working.
 */
import type { ClaimNeed } from '../../domain/admin-claim';
import type { ProfileView } from '../../domain/profile';
import { api } from './client';
import { ApiError } from './errors';
import { request } from './request';

/**
 * The signed-in person's profile as GET /api/me and the profile stream answer it (ProfileView):
 * progress, stats, handle, total XP and achievement unlocks.
 */
export type Profile = ProfileView;

export type TouchRecord = {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  initial_referrer?: string;
};

export type DeviceType = 'mobile' | 'tablet' | 'desktop';

export type TouchBody = {
  locale?: string;
  tzOffset?: number;
  deviceType?: DeviceType;
  firstTouch?: TouchRecord;
  lastTouch?: TouchRecord;
};

export const meKeys = {
  all: ['me'] as const,
  profile: (userId: string) => ['me', userId] as const,
  config: ['config'] as const,
};

/** Whether an endpoint is simply not there (an older server): treated as "nothing to do". */
export function isMissingEndpoint(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'not-found';
}

/** The signed-in person's profile; null when there is none (signed out) or no endpoint yet. */
export async function fetchProfile(signal?: AbortSignal): Promise<Profile | null> {
  try {
    const body = await request<{ profile: Profile | null }>((init) => api.me.$get({}, { init }), {
      signal,
    });
    return body.profile ?? null;
  } catch (error) {
    if (isMissingEndpoint(error) || (error instanceof ApiError && error.status === 401)) {
      return null;
    }
    throw error;
  }
}

/** Profile upkeep at a session start (SPEC §3): best effort, failures are swallowed. */
export async function postTouch(body: TouchBody): Promise<boolean> {
  try {
    await request((init) => api.me.touch.$post({ json: body }, { init }), { retry: false });
    return true;
  } catch {
    return false;
  }
}

/**
 * The admin claim's answer (decision 0028): `sentTo` is the address a confirmation link was just
 * mailed to; `pending`, that one is waiting for this session; `needs`, what an allowlisted account
 * must do first (issue 24 item 7): verify its address, or sign in again (the claim's 403: this
 * session began before the address was verified).
 */
export type AdminClaim = {
  success: boolean;
  admin: boolean;
  pending: boolean;
  sentTo: string | null;
  needs?: ClaimNeed;
};

/**
 * The admin self-grant (SPEC §4 "Admin"): for an allowlisted address it mails a confirmation link
 * rather than granting. Not granted or unavailable: nothing pending, not admin.
 */
export async function claimAdmin(): Promise<AdminClaim> {
  try {
    return await request<AdminClaim>((init) => api.me['admin-claim'].$post({}, { init }), {
      retry: false,
    });
  } catch (error) {
    const nothing = { success: false, admin: false, pending: false, sentTo: null };
    if (error instanceof ApiError && error.code === 'permission-denied') {
      return { ...nothing, needs: 'sign-in-again' };
    }
    return nothing;
  }
}

/** Opens the mailed admin claim link: the token from it, in the session that asked. Throws. */
export async function confirmAdminClaim(token: string): Promise<{ success: true; admin: true }> {
  return request<{ success: true; admin: true }>(
    (init) => api.me['admin-claim'].confirm.$post({ json: { token } }, { init }),
    { retry: false },
  );
}

/** Claims legacy games (SPEC §7): the ids now owned by this account. Throws on failure. */
export async function claimLegacyGames(ids: string[]): Promise<string[]> {
  const body = await request<{ claimed: string[] }>((init) =>
    api.games.claim.$post({ json: { ids } }, { init }),
  );
  return body.claimed;
}
