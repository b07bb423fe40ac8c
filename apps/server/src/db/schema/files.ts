import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownerRef } from './columns';
import { users } from './users';

/*
 * Files (issue 12): every uploaded file (a video, a poster, a seal, a certificate image, a logo). The bytes
 * live in the configured store (local disk by default, S3-compatible when configured) under `storageKey`;
 * this row says who uploaded it, what it is for and what the server found it to be.
 */
export const files = pgTable(
  'files',
  {
    id: identityId(),
    /** where the bytes are in the store; never shown to users (they get signed URLs) */
    storageKey: text('storage_key').notNull(),
    ownerId: ownerRef('owner_id', () => users.id),
    /** what the file is for (video, poster, seal, certificate, logo...): it decides the allowed types and size */
    purpose: text('purpose').notNull(),
    /** the name it was uploaded under */
    name: text('name').notNull(),
    /** the content type the server detected from the bytes (not the one the browser claimed) */
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('files_storage_key_idx').on(t.storageKey),
    index('files_owner_idx').on(t.ownerId, t.id),
  ],
);
