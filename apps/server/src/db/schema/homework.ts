import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { identityId, ownerRef } from './columns';
import { homeworkQuestions } from './question-bank';
import { users } from './users';

/*
 * Grading of homework answers (issue 10 part 8). There are no student submissions yet: on a homework's page
 * the teacher enters (or pastes) a student's answer to a question and has the AI judge score it. When the
 * teacher applies (引用) the result, that answer and its grade are stored here, so they are shown again
 * after a reload and stay editable.
 */

/** A judged answer to a homework question: the answer judged and the grade applied to it. */
export const judgedAnswers = pgTable(
  'judged_answers',
  {
    id: identityId(),
    questionId: ownerRef('question_id', () => homeworkQuestions.id),
    /** The answer that was judged, as the teacher entered it. */
    studentAnswer: text('student_answer').notNull(),
    /** The question's score the judge scored against (1 to 9999). */
    questionScore: integer('question_score').notNull(),
    /** 0 to questionScore, one decimal. */
    score: doublePrecision('score').notNull(),
    comment: text('comment').notNull(),
    basis: text('basis').notNull(),
    appliedBy: ownerRef('applied_by', () => users.id),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last edit of the grade by a teacher after it was applied (null: never edited). */
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    index('judged_answers_question_idx').on(t.questionId, t.id),
    check('judged_answers_score_check', sql`${t.score} >= 0 and ${t.score} <= ${t.questionScore}`),
  ],
);
