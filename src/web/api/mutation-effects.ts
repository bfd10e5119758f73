/**
 * What a screen adds to one of api/'s mutation hooks: its toasts, its dialog, where it goes next.
 * The hook updates the cache; it calls these from the mutation's own callbacks, so they run even
 * when the answer arrives after the screen that asked has gone (a card leaving its list).
 */
export type MutationEffects<T, V = void> = {
  onSuccess?: (answer: T, variables: V) => void;
  onError?: (error: unknown) => void;
};
