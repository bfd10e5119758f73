/**
 * The account screens' own API calls (beside better-auth's, in auth-client.ts): public auth
 * config, the sign-in method lookup and the dev outbox. A missing endpoint (404) degrades to
 * "feature off".
 */
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { ApiError } from './errors';
import { request } from './request';

export type AuthConfig = { googleEnabled: boolean; devOutbox: boolean };
export type SignInMethod = 'password' | 'google';
export type OutboxMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  at: number;
  links: string[];
};

/** Lookups a screen waits on: a short deadline, one try (a failure degrades to "feature off"). */
const LOOKUP = { retry: false, timeoutMs: 15_000 } as const;
const JSON_ACCEPT = { accept: 'application/json' };

const OFF: AuthConfig = { googleEnabled: false, devOutbox: false };

/** Which sign-in options this server offers; everything off when it cannot tell. */
export async function fetchAuthConfig(signal?: AbortSignal): Promise<AuthConfig> {
  try {
    const body = await request<Partial<AuthConfig>>(
      (init) => api.config.$get({}, { headers: JSON_ACCEPT, init }),
      { ...LOOKUP, signal },
    );
    return { googleEnabled: body.googleEnabled === true, devOutbox: body.devOutbox === true };
  } catch {
    return OFF;
  }
}

export const accountKeys = {
  config: ['auth-config'] as const,
  methods: (email: string) => ['sign-in-methods', email] as const,
  outbox: ['dev-outbox'] as const,
  linked: (userId: string) => ['linked-accounts', userId] as const,
};

export function useAuthConfig() {
  return useQuery({
    queryKey: accountKeys.config,
    queryFn: ({ signal }) => fetchAuthConfig(signal),
    staleTime: Infinity,
    retry: false,
  });
}

/** The outcome of looking an e-mail address up: its methods, or why we cannot say. */
export type MethodsLookup =
  { kind: 'found'; methods: SignInMethod[] } | { kind: 'rate-limited' } | { kind: 'unavailable' };

export async function lookUpSignInMethods(
  email: string,
  signal?: AbortSignal,
): Promise<MethodsLookup> {
  try {
    const body = await request<{ methods?: unknown }>(
      (init) => api.account.methods.$get({ query: { email } }, { headers: JSON_ACCEPT, init }),
      { ...LOOKUP, signal },
    );
    const methods = Array.isArray(body.methods)
      ? body.methods.filter((m): m is SignInMethod => m === 'password' || m === 'google')
      : [];
    return { kind: 'found', methods };
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) return { kind: 'rate-limited' };
    // 404 (not deployed), bad input, offline: the form works without the hint.
    return { kind: 'unavailable' };
  }
}

/**
 * Why there is no outbox to show: 'off' (404: the server sends real mail, or was started
 * without DEV_OUTBOX=1) or 'not-local' (403: asked through a proxy or from another machine).
 */
export type OutboxUnavailable = { unavailable: 'off' | 'not-local'; message: string };

/** The dev outbox's messages, or why it cannot be shown. */
export async function fetchOutbox(
  signal?: AbortSignal,
): Promise<OutboxMessage[] | OutboxUnavailable> {
  try {
    const body = await request<{ messages?: OutboxMessage[] }>(
      (init) => api.dev.outbox.$get({}, { headers: JSON_ACCEPT, init }),
      { ...LOOKUP, signal },
    );
    return body.messages ?? [];
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not-found') {
      return { unavailable: 'off', message: error.message };
    }
    if (error instanceof ApiError && error.code === 'permission-denied') {
      return { unavailable: 'not-local', message: error.message };
    }
    throw error;
  }
}

export function useOutbox() {
  return useQuery({
    queryKey: accountKeys.outbox,
    queryFn: ({ signal }) => fetchOutbox(signal),
    // A reset mail arrives while the page is open: keep looking while it is on screen.
    refetchInterval: (query) => (Array.isArray(query.state.data) ? 3000 : false),
    retry: false,
  });
}

/** Basic shape check before asking the server; the server decides what is valid. */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
