/**
 * Why the sign-in screen is showing after Create was pressed without an account
 * (`account/sign-in-reason.ts`): read by the account screens, so kept apart from the create
 * screen's catalog.
 */
import { i18n } from '../i18n';

export const createSignInText = i18n('create/sign-in', {
  reason:
    'Sign in or create an account to create your rank. Your draft is saved and will be created right after.',
});
