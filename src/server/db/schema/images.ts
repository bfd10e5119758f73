/**
 * Pictures on items (issue 26), owned by the images feature: each stored once under the SHA-256
 * of its processed bytes, with who uploaded it (for their quota and for collecting pictures
 * nobody uses any more).
 */
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { user } from './auth';

/** Bytes: PostgreSQL's bytea, a Uint8Array in TypeScript (pg wants a Buffer to send one). */
const bytea = customType<{ data: Uint8Array<ArrayBuffer>; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value),
});

/** A processed picture: WebP, 800 px and 160 px on the longest side, no metadata. */
export const image = pgTable('image', {
  /** SHA-256 of `view`, hex. */
  id: text('id').primaryKey(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** Bytes stored for it, both sizes: what it costs its uploaders' storage. */
  size: integer('size').notNull(),
  /** The two sizes' bytes, when the database holds them (null: the S3-compatible bucket does). */
  view: bytea('view'),
  thumb: bytea('thumb'),
  /** An admin hid it (a report): every page shows a neutral placeholder instead. */
  hidden: boolean('hidden').notNull().default(false),
  createdAt: createdAt(),
});

/** Who uploaded a picture (one row per account, however often they uploaded the same bytes). */
export const imageUpload = pgTable(
  'image_upload',
  {
    imageId: text('image_id')
      .notNull()
      .references(() => image.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.imageId, t.userId] }),
    index('image_upload_user_idx').on(t.userId),
  ],
);
