import type { CodeGradeDetail } from '@uplus/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownerRef } from './columns';
import { courseItemColumns, generatedQuestionColumns } from './question-bank';
import { users } from './users';

/*
 * Homework (issue 11): a teacher's homework in a course with its questions, deadline, publication and the
 * release of results; each student's submission (a draft while they type, then submitted once) with one
 * answer per question and that answer's grade (automatic, sandbox, AI judge or the teacher's).
 */

/** A homework of a course; its teacher is the course's. */
export const homeworks = pgTable(
  'homeworks',
  {
    ...courseItemColumns(),
    description: text('description').notNull().default(''),
    /** Answers are taken until this moment; null: no deadline. */
    deadline: timestamp('deadline', { withTimezone: true }),
    /** When the teacher published it to the course's students; null: a draft only the teacher sees. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** When the teacher released the results to the students; null: students see no scores yet. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('homeworks_course_idx').on(t.courseId, t.id)],
);

/** A question of a homework, in order, with its score in this homework. */
export const homeworkQuestions = pgTable(
  'homework_questions',
  {
    id: identityId(),
    homeworkId: ownerRef('homework_id', () => homeworks.id),
    ...generatedQuestionColumns(),
    /** The question's score in this homework (1 to 9999). */
    score: integer('score').notNull().default(10),
  },
  (t) => [
    index('homework_questions_homework_idx').on(t.homeworkId, t.id),
    check('homework_questions_score_check', sql`${t.score} between 1 and 9999`),
  ],
);

/**
 * A student's submission of a homework: a draft (answers saved as they type) until submitted once; its
 * answers are the rows of homework_answers. The total is the sum of the graded answers' scores.
 */
export const homeworkSubmissions = pgTable(
  'homework_submissions',
  {
    id: identityId(),
    homeworkId: ownerRef('homework_id', () => homeworks.id),
    studentId: ownerRef('student_id', () => users.id),
    /** draft or submitted */
    status: text('status').notNull().default('draft'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Sum of the answers' scores once submitted (null before). */
    totalScore: doublePrecision('total_score'),
    /** Answers still waiting for a grade (AI judge or teacher) after submission. */
    pendingCount: integer('pending_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('homework_submissions_homework_student_idx').on(t.homeworkId, t.studentId),
    index('homework_submissions_student_idx').on(t.studentId, t.homeworkId),
    index('homework_submissions_homework_status_idx').on(t.homeworkId, t.status, t.id),
    check('homework_submissions_status_check', sql`${t.status} in ('draft', 'submitted')`),
  ],
);

/**
 * One answer of a submission to one question, and its grade. While the submission is a draft only the answer
 * changes; on submit objective answers are graded at once, code answers in the sandbox, short answers wait
 * for the AI judge (or the teacher). `gradeSource` says who gave the score now standing.
 */
export const homeworkAnswers = pgTable(
  'homework_answers',
  {
    id: identityId(),
    submissionId: ownerRef('submission_id', () => homeworkSubmissions.id),
    questionId: ownerRef('question_id', () => homeworkQuestions.id),
    /** The answer as the student gave it: option letters, true/false, JSON list of blanks, text or code. */
    answer: text('answer').notNull().default(''),
    /** pending (no grade yet), graded, or failed (grading could not run; the teacher grades it) */
    gradeState: text('grade_state').notNull().default('pending'),
    /** auto (objective), code (sandbox), ai (AI judge applied), teacher (set or overridden by the teacher) */
    gradeSource: text('grade_source'),
    score: doublePrecision('score'),
    /** The question's score graded against. */
    maxScore: integer('max_score').notNull(),
    comment: text('comment').notNull().default(''),
    basis: text('basis').notNull().default(''),
    /** Sandbox outcome of a code answer: per test case passed, time, and the formula's parts. */
    codeDetail: jsonb('code_detail').$type<CodeGradeDetail>(),
    /** When an AI-judge run took this answer (a run that dies lets another take it after a while). */
    judgeClaimedAt: timestamp('judge_claimed_at', { withTimezone: true }),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    gradedBy: bigint('graded_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('homework_answers_submission_question_idx').on(t.submissionId, t.questionId),
    index('homework_answers_question_state_idx').on(t.questionId, t.gradeState),
    check('homework_answers_grade_state_check', sql`${t.gradeState} in ('pending', 'graded', 'failed')`),
    check(
      'homework_answers_grade_source_check',
      sql`${t.gradeSource} is null or ${t.gradeSource} in ('auto', 'code', 'ai', 'teacher')`,
    ),
    check(
      'homework_answers_score_check',
      sql`${t.score} is null or (${t.score} >= 0 and ${t.score} <= ${t.maxScore})`,
    ),
  ],
);

/**
 * A request to AI-judge a whole homework's short answers in the background: its progress survives a reload
 * (the page reads the newest run), and each answer is judged once (answers already graded are skipped).
 */
export const homeworkJudgeRuns = pgTable(
  'homework_judge_runs',
  {
    id: identityId(),
    homeworkId: ownerRef('homework_id', () => homeworks.id),
    requestedBy: ownerRef('requested_by', () => users.id),
    /** running, done or failed */
    status: text('status').notNull().default('running'),
    total: integer('total').notNull().default(0),
    judged: integer('judged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('homework_judge_runs_homework_idx').on(t.homeworkId, t.id),
    check('homework_judge_runs_status_check', sql`${t.status} in ('running', 'done', 'failed')`),
  ],
);

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
