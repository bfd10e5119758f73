/**
 * Auth's public face: the only file of auth another feature may import. Who is asking (the
 * viewer, the route guard), the mailer, and the proven-inbox rule.
 */
export { requireUser, type AuthEnv, type Viewer } from './better-auth';
export { adminClaimMail, type Mail, type Mailer } from './mailer';
export {
  assertProvenEmail,
  emailProvenAtSql,
  WEBHOOK_PROOF_MESSAGES,
} from './account/proven-email';
export {
  notifyProfileSql,
  profileEvents,
  userTopic,
  type ProfileEvent,
  type SessionEvent,
} from './live';
export {
  accounts,
  deleteAccountRow,
  dropClaimedAdmin,
  grantClaimedAdmin,
  isAdmin,
  isAdminSql,
  lockAccountForDeletion,
  lockAccountsPresent,
  lockAdminsAnd,
  lockClaimant,
  readRole,
  setRole,
} from './accounts';
