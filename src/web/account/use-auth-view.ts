/**
 * Which form the account screen shows, and where focus goes after switching: to the field to fill
 * next, or to the title for a new step (none on first render).
 */
import { useEffect, useRef, useState } from 'react';
import type { AuthView } from './auth-copy';

export type FocusTarget = 'title' | 'name' | 'email' | 'password' | null;

export function useAuthView(initial: AuthView) {
  const [view, setView] = useState<AuthView>(initial);
  const title = useRef<HTMLHeadingElement>(null);
  const name = useRef<HTMLInputElement>(null);
  const email = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);
  /** Where focus goes after the next switch. */
  const focusNext = useRef<FocusTarget>(null);

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'title') title.current?.focus();
    else if (target === 'name') name.current?.focus();
    else if (target === 'email') email.current?.focus();
    else if (target === 'password') password.current?.focus();
  }, [view]);

  const show = (to: AuthView, focus: FocusTarget) => {
    focusNext.current = focus;
    setView(to);
  };

  return {
    view,
    show,
    titleRef: title,
    nameRef: name,
    emailRef: email,
    passwordRef: password,
  };
}
