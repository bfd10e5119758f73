/** A player's profile as the API shows it to themselves. */
import type { Progress } from './progression';

export type DeviceType = 'mobile' | 'tablet' | 'desktop';

export type ProfileView = Progress & {
  id: string;
  name: string;
  /** Null for guests, whose e-mail is a placeholder. */
  email: string | null;
  emailVerified: boolean;
  isAnonymous: boolean;
  role: 'user' | 'admin';
  handle: string | null;
  image: string | null;
  stats: { gamesCreated: number; rankingsSubmitted: number; communityPublishes: number };
};

/** Whether an e-mail is on the admin allowlist (case-insensitive). */
export function isAllowlistedAdmin(email: string, allowlist: readonly string[]): boolean {
  return allowlist.includes(email.trim().toLowerCase());
}
