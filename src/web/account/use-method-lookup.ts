/** Looks up how an e-mail address signs in (password, Google, or no account), once per address. */
import { useCallback, useRef, useState } from 'react';
import { looksLikeEmail, lookUpSignInMethods, type MethodsLookup } from '../api/account';

function normalise(email: string): string {
  return email.trim().toLowerCase();
}

export function useMethodLookup() {
  const pending = useRef(new Map<string, Promise<MethodsLookup | null>>());
  const [results, setResults] = useState<Record<string, MethodsLookup>>({});

  /** The answer for this address: cached, or asked for now. Null for something not an address. */
  const lookup = useCallback((raw: string): Promise<MethodsLookup | null> => {
    const email = normalise(raw);
    if (!looksLikeEmail(email)) return Promise.resolve(null);
    const known = pending.current.get(email);
    if (known) return known;
    const asked = lookUpSignInMethods(email).then((result) => {
      // Only a real answer is kept; after a 429 or an outage the next blur asks again.
      if (result.kind !== 'found') pending.current.delete(email);
      setResults((before) => ({ ...before, [email]: result }));
      return result;
    });
    pending.current.set(email, asked);
    return asked;
  }, []);

  /** The answer already known for this address, if any (for hints). */
  const resultFor = useCallback(
    (raw: string): MethodsLookup | undefined => results[normalise(raw)],
    [results],
  );

  /** Forget an address's answer (after creating its account, say). */
  const forget = useCallback((raw: string) => {
    const email = normalise(raw);
    pending.current.delete(email);
    setResults((before) => {
      const rest = { ...before };
      delete rest[email];
      return rest;
    });
  }, []);

  return { lookup, resultFor, forget };
}
