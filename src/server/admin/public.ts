/** Admin's public face: the only file of admin another feature may import (players: the claim). */
export {
  ClaimLimit,
  confirmAdminClaim,
  requestAdminClaim,
  type ClaimAnswer,
  type Claimant,
} from './claims';
