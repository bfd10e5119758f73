/**
 * Admin's public face: the only file of admin another feature may import (players: the claim;
 * the community: a moderator's action in the audit log).
 */
export { auditRowsSql } from './audit';
export {
  ClaimLimit,
  confirmAdminClaim,
  requestAdminClaim,
  type ClaimAnswer,
  type Claimant,
} from './claims';
