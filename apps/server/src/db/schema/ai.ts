import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownerRef } from './columns';
import { users } from './users';

/**
 * The model calls users started (draft streams, structuring, judging), kept for an hour so the per-user
 * limits hold on every server instance: calls per minute, and draft streams open at once.
 */
export const aiCalls = pgTable(
  'ai_calls',
  {
    id: identityId(),
    userId: ownerRef('user_id', () => users.id),
    /** generate (the draft stream), structure or judge */
    kind: text('kind').notNull(),
    createdAt: createdAt(),
    /** renewed while a draft stream runs: the stream of an instance that died stops counting soon */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    /** when the call ended; calls that are not streams are recorded ended */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('ai_calls_user_created_idx').on(t.userId, t.createdAt),
    check('ai_calls_kind_check', sql`${t.kind} in ('generate', 'structure', 'judge')`),
  ],
);
