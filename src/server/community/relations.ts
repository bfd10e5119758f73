/**
 * Community ranks as other features read them (decision 0037): the community alone writes them;
 * others join `ranks` into their own statement.
 */
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { communityRank } from '../db/schema/community';

/** When each rank was published. */
export const ranks = new QueryBuilder()
  .select({ id: communityRank.id, createdAt: communityRank.createdAt })
  .from(communityRank)
  .as('ranks');
