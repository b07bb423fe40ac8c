import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownerRef } from './columns';
import { users } from './users';

/*
 * Favourites (issue 14, career spec sections 2, 3, 7): a job seeker's saved positions and companies. The
 * target is a recruitment_occupations or companies id by `targetType`; a favourite whose target is gone is
 * left out of lists (no foreign key across two tables).
 */
export const favourites = pgTable(
  'favourites',
  {
    id: identityId(),
    userId: ownerRef('user_id', () => users.id),
    /** Occupation or Company */
    targetType: text('target_type').notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('favourites_user_target_idx').on(t.userId, t.targetType, t.targetId),
    index('favourites_user_list_idx').on(t.userId, t.targetType, t.createdAt),
    index('favourites_target_idx').on(t.targetType, t.targetId),
    check('favourites_target_type_check', sql`${t.targetType} in ('Occupation', 'Company')`),
  ],
);
