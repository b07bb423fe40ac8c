import { type AnyPgColumn, bigint, timestamp } from 'drizzle-orm/pg-core';

/*
 * Columns most tables repeat. Each is a function because a drizzle column builder belongs to one table:
 * every call makes a new one. Not exported from the schema index (they are not tables).
 */

/** `id bigint generated always as identity primary key`. */
export const identityId = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** `created_at timestamptz not null default now()`. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A required reference to the row this one belongs to, removed with it (`on delete cascade`). */
export const ownerRef = <TName extends string>(name: TName, owner: () => AnyPgColumn) =>
  bigint(name, { mode: 'number' }).notNull().references(owner, { onDelete: 'cascade' });
