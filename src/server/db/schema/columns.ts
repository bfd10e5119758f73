/** Column shapes several tables share. */
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type (community search). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
