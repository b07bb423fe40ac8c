import type { ExerciseQuestion, GeneratedQuestion } from '@uplus/shared';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownerRef } from './columns';
import { courses } from './courses';
import { users } from './users';

/*
 * What teachers own and import questions into (spec 000 sections 1 and 7): courses with exercise sets and
 * homeworks, their own question library, and knowledge tags. A question is stored whole as JSON (the shape
 * the editor and the import calls use), with its type and title beside it for lists.
 */

/** What an exercise set and a homework have alike: a named part of a course. */
export const courseItemColumns = () => ({
  id: identityId(),
  courseId: ownerRef('course_id', () => courses.id),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** An exercise set of a course. */
export const exerciseSets = pgTable('exercise_sets', courseItemColumns(), (t) => [
  index('exercise_sets_course_idx').on(t.courseId),
]);

/** A question in the shape the editor and the import calls use (library and homework questions). */
export const generatedQuestionColumns = () => ({
  qsnType: integer('qsn_type').notNull(),
  titleText: text('title_text').notNull(),
  question: jsonb('question').$type<GeneratedQuestion>().notNull(),
  createdAt: createdAt(),
});

/** A question of a teacher's own library. */
export const libQuestions = pgTable(
  'lib_questions',
  { id: identityId(), ownerId: ownerRef('owner_id', () => users.id), ...generatedQuestionColumns() },
  (t) => [index('lib_questions_owner_idx').on(t.ownerId, t.id)],
);

/** A question of an exercise set, in the exercise-set shape. */
export const exerciseQuestions = pgTable(
  'exercise_questions',
  {
    id: identityId(),
    setId: ownerRef('set_id', () => exerciseSets.id),
    type: text('type').notNull(),
    title: text('title').notNull(),
    question: jsonb('question').$type<ExerciseQuestion>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('exercise_questions_set_idx').on(t.setId, t.id)],
);

/**
 * Knowledge tags. A tag without owner is a library tag everyone sees (isLibrary); a teacher's own tags are
 * seen by that teacher only. Names are unique per owner regardless of case.
 */
export const libKnowledges = pgTable(
  'lib_knowledges',
  {
    id: identityId(),
    ownerId: bigint('owner_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isLibrary: boolean('is_library').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lib_knowledges_owner_name_idx').on(sql`coalesce(${t.ownerId}, 0)`, sql`lower(${t.name})`),
  ],
);
