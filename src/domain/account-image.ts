/**
 * The account's profile picture (issue 22 row 13, decision 0029): an `https:` address of at most
 * 2 KB, or none. Inline `data:` images, `http:`, `javascript:` and other schemes are refused, so
 * a public profile stays small and a picture never runs or leaks anything over plain HTTP.
 * Crowned stores no uploaded pictures, so there is nothing else to allow.
 */
import { MAX_IMAGE_URL_BYTES } from './limits';

export type ImageProblem = 'notHttps' | 'tooLong';

/** What is wrong with an image address, or null when it is acceptable (null clears it). */
export function imageProblem(value: string | null): ImageProblem | null {
  if (value === null) return null;
  if (new TextEncoder().encode(value).length > MAX_IMAGE_URL_BYTES) return 'tooLong';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'notHttps';
  }
  // Credentials in a picture's address would be sent to whoever shows it.
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return 'notHttps';
  return null;
}

/** The picture kept from elsewhere (a Google profile): acceptable ones, else none. */
export function keptImage(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  return imageProblem(value) === null ? value : null;
}
