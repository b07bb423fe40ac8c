import { z } from 'zod';
import { pageOf, pageQuery } from '../core/envelope';
import { PROGRAM_EXECUTION_LIMITS, PROGRAM_EXECUTION_MSG } from '../program-execution/program-execution';
import { AI_LIMITS, AI_MSG } from '../question-bank/ai';
import { QSN_TYPES, type QsnType } from '../question-bank/questions';
import { TEACHING_MSG } from '../question-bank/teaching';
import type { CodeGradeDetail } from './grading';
import { HOMEWORK_MSG, homeworkParams, JUDGED_ANSWER_LIMITS } from './homework';

/*
 * Submissions of homework (issue 11).
 *
 * Student (a student member of the course; anyone else's ids, and a homework not yet published, answer 404):
 * `GET  /api/course/courses/{courseId}/homeworks/study?pageNumber&pageSize`   -> StudyHomeworkPage
 * `GET  /api/course/courses/{courseId}/homeworks/{homeworkId}/paper`           -> HomeworkPaper
 * `PUT  /api/course/courses/{courseId}/homeworks/{homeworkId}/draft` (AnswersBody)  -> SavedAnswers
 * `POST /api/course/courses/{courseId}/homeworks/{homeworkId}/submit` (AnswersBody) -> SavedAnswers
 *
 * Teacher (the course's teacher; another teacher's ids 404, students 403 学生身份暂无权限):
 * `GET  /api/course/courses/{courseId}/homeworks/{homeworkId}/submissions?status&pageNumber&pageSize`
 *       -> SubmissionPage (every student of the course, with or without a submission)
 * `GET  /api/course/courses/{courseId}/homeworks/{homeworkId}/submissions/{submissionId}` -> SubmissionDetail
 * `PUT  /api/course/courses/{courseId}/homeworks/{homeworkId}/submissions/{submissionId}/answers/{answerId}/grade`
 *       (GradeAnswerBody) -> GradedAnswer (the answer and the submission's new totals)
 */

/** A database id in a path: 1 to 15 digits, no leading zero. */
const idParam = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[1-9][0-9]{0,14}$/, message)
    .describe('numeric id');

/** Limits of a student's answers. */
export const SUBMISSION_LIMITS = {
  /** Text answers (short answer; each blank; choices): what the AI judge takes (spec 000 section 9). */
  maxTextLength: AI_LIMITS.maxTextLength,
  /** Code answers: what a program run takes, in UTF-8 bytes. */
  maxCodeBytes: PROGRAM_EXECUTION_LIMITS.maxSourceBytes,
  /** Answers in one draft or submit call. */
  maxAnswers: 500,
} as const;

/** Texts of the submission calls. */
export const SUBMISSION_MSG = {
  homeworkNotFound: TEACHING_MSG.homeworkNotFound,
  courseNotFound: TEACHING_MSG.courseNotFound,
  questionNotFound: HOMEWORK_MSG.questionNotFound,
  questionIdInvalid: HOMEWORK_MSG.questionIdInvalid,
  submissionIdInvalid: '提交记录编号不正确',
  submissionNotFound: '提交记录不存在',
  answerIdInvalid: '作答记录编号不正确',
  answerNotFound: '作答记录不存在',
  /** Beyond any answer's size (the exact limits per type are checked on the server). */
  answerTooLarge: '答案过长',
  answerTooLong: `答案最多${SUBMISSION_LIMITS.maxTextLength}个字符`,
  blankTooLong: `每空答案最多${SUBMISSION_LIMITS.maxTextLength}个字符`,
  tooManyBlanks: '填空数量超过该题的空数',
  codeTooLong: PROGRAM_EXECUTION_MSG.sourceTooLong,
  notAnOption: '答案不是该题的选项',
  singleOneOption: '单选题只能选择一个选项',
  judgmentValue: '判断题的答案只能是正确或错误',
  tooManyAnswers: `一次最多提交${SUBMISSION_LIMITS.maxAnswers}道题的答案`,
  duplicateQuestion: '同一道题的答案重复',
  alreadySubmitted: '作业已提交，不能重复提交',
  deadlinePassed: '已超过截止时间，不能提交',
  deadlinePassedDraft: '已超过截止时间，不能再保存答案',
  released: '成绩已公布，不能再作答',
  draftSaved: '答案已保存',
  submitted: '提交成功',
  /** The teacher's grade. */
  commentTooLong: HOMEWORK_MSG.commentTooLong,
  basisTooLong: HOMEWORK_MSG.basisTooLong,
  scoreRequired: AI_MSG.resultScoreRequired,
  scoreRange: AI_MSG.resultScoreRange,
  notSubmitted: '该学生尚未提交，不能批改',
  aiSourceNotJudgeable: HOMEWORK_MSG.notJudgeable,
  graded: '批改已保存',
} as const;

/** A student's state of one homework (the study list and the paper). */
export const STUDY_STATUSES = ['not_started', 'in_progress', 'submitted', 'graded', 'closed'] as const;
export type StudyStatus = (typeof STUDY_STATUSES)[number];

/** What the student sees for each state. */
export const STUDY_STATUS_TEXT: Readonly<Record<StudyStatus, string>> = {
  not_started: '未开始',
  in_progress: '进行中',
  submitted: '已提交',
  graded: '已批改',
  closed: '已截止',
};

/**
 * The student's state: 已批改 once results are released and the student submitted; 已提交 when submitted;
 * 已截止 when the deadline passed (or results were released) without a submission; 进行中 with a draft;
 * 未开始 otherwise.
 */
export const studyStatusOf = (opts: {
  submissionStatus: 'draft' | 'submitted' | null;
  deadline: number | null;
  releasedAt: number | null;
  now: number;
}): StudyStatus => {
  if (opts.submissionStatus === 'submitted') return opts.releasedAt !== null ? 'graded' : 'submitted';
  if (opts.releasedAt !== null || (opts.deadline !== null && opts.deadline <= opts.now)) return 'closed';
  return opts.submissionStatus === 'draft' ? 'in_progress' : 'not_started';
};

/** Where a submission stands, as the teacher's list filters it. */
export const SUBMISSION_STATUSES = ['not_submitted', 'draft', 'submitted'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** What the teacher sees for each. */
export const SUBMISSION_STATUS_TEXT: Readonly<Record<SubmissionStatus, string>> = {
  not_submitted: '未提交',
  draft: '作答中',
  submitted: '已提交',
};

/** The teacher's filters of the submission list: a status, or to_review (submitted, answers still waiting). */
export const SUBMISSION_FILTERS = [...SUBMISSION_STATUSES, 'to_review'] as const;
export type SubmissionFilter = (typeof SUBMISSION_FILTERS)[number];

/** What each filter is called on the page. */
export const SUBMISSION_FILTER_TEXT: Readonly<Record<SubmissionFilter, string>> = {
  ...SUBMISSION_STATUS_TEXT,
  to_review: '待批改',
};

/** An answer's grade state: pending (waiting: sandbox, AI judge or teacher), graded, or failed. */
export const GRADE_STATES = ['pending', 'graded', 'failed'] as const;
export type GradeState = (typeof GRADE_STATES)[number];

/** Who gave the standing score: auto (objective), code (sandbox), ai (AI judge applied), teacher. */
export const GRADE_SOURCES = ['auto', 'code', 'ai', 'teacher'] as const;
export type GradeSource = (typeof GRADE_SOURCES)[number];

/** Texts of the grade states and sources. */
export const GRADE_STATE_TEXT: Readonly<Record<GradeState, string>> = {
  pending: '待批改',
  graded: '已批改',
  failed: '批改失败',
};
export const GRADE_SOURCE_TEXT: Readonly<Record<GradeSource, string>> = {
  auto: '自动批改',
  code: '程序评测',
  ai: 'AI判题',
  teacher: '教师批改',
};

/** The sandbox outcome of a code answer (`CodeGradeDetail`). */
export const codeGradeDetail = z.object({
  strategy: z.enum(['All', 'Part']),
  performance: z.object({ sharePercent: z.number(), referenceTimeMs: z.number() }).nullable(),
  cases: z.array(
    z.object({
      index: z.number().int(),
      weight: z.number(),
      qualified: z.boolean(),
      timeUsedMs: z.number().nullable(),
      verdict: z.string(),
    }),
  ),
  message: z.string(),
}) satisfies z.ZodType<CodeGradeDetail>;

const qsnTypeOut = z
  .number()
  .int()
  .refine((t) => (QSN_TYPES as number[]).includes(t))
  .describe('type code (spec 3.3)') as unknown as z.ZodType<QsnType>;

/**
 * A question as a student's paper shows it: no reference answer, analysis or test cases. Code questions
 * give description, language and the starter code (codeModel); fill blanks the number of blanks.
 */
export const paperQuestion = z.object({
  id: z.string(),
  qsnType: qsnTypeOut,
  typeName: z.string().describe('type name, e.g. 单选题'),
  title: z.string(),
  description: z.string().describe('code questions: input and output description; otherwise empty'),
  options: z.array(z.object({ id: z.string(), content: z.string() })).describe('choice options'),
  score: z.number().int().describe('the question’s score in this homework'),
  language: z.string().nullable().describe('code questions: language id (python3, c, cpp, java...)'),
  codeModel: z.string().nullable().describe('function questions: the starter code; otherwise null'),
  blankCount: z.number().int().nullable().describe('fill blanks: the number of blanks; otherwise null'),
});
export type PaperQuestion = z.infer<typeof paperQuestion>;

/** The reference answer of a question (the teacher's view, and a student's once released). */
export const referenceAnswer = z.object({
  answer: z.string().describe('letters, "true"/"false", text or code'),
  answerList: z.array(z.string()).describe('fill blanks: one reference per blank; otherwise empty'),
  analysis: z.string().describe('解析 (tip)'),
});
export type ReferenceAnswer = z.infer<typeof referenceAnswer>;

/** The grade of one answer. */
export const answerGrade = z.object({
  score: z.number().nullable().describe('null while pending'),
  maxScore: z.number().int(),
  gradeState: z.enum(GRADE_STATES),
  gradeSource: z.enum(GRADE_SOURCES).nullable(),
  comment: z.string(),
  basis: z.string().describe('评判依据 of the AI judge when applied; otherwise empty'),
  codeDetail: codeGradeDetail.nullable().describe('code answers: the sandbox outcome per test case'),
  gradedAt: z.number().int().nullable().describe('epoch ms'),
});
export type AnswerGrade = z.infer<typeof answerGrade>;

// ---------------------------------------------------------------------------------------------------------
// Student

/** Query of the student's homework list. */
export const studyHomeworksQuery = pageQuery;
export type StudyHomeworksQuery = z.infer<typeof studyHomeworksQuery>;

/** A published homework in the student's list, with the student's state. */
export const studyHomeworkRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  deadline: z.number().int().nullable().describe('epoch ms'),
  publishedAt: z.number().int(),
  releasedAt: z.number().int().nullable(),
  questionCount: z.number().int(),
  totalScore: z.number().int().describe('sum of the questions’ scores'),
  status: z.enum(STUDY_STATUSES),
  statusText: z.string().describe('未开始, 进行中, 已提交, 已批改 or 已截止'),
  submittedAt: z.number().int().nullable(),
  score: z.number().nullable().describe('the student’s total, only once released; else null'),
});
export type StudyHomeworkRow = z.infer<typeof studyHomeworkRow>;

/** Answer of the student's list: published homework, the nearest deadline first. */
export const studyHomeworkPage = pageOf(studyHomeworkRow);
export type StudyHomeworkPage = z.infer<typeof studyHomeworkPage>;

/** One question of the paper with the student's saved answer and, once released, its result. */
export const paperItem = z.object({
  question: paperQuestion,
  answer: z.string().describe('the saved answer; empty when none (fill blanks: a JSON list of strings)'),
  result: answerGrade
    .extend({ reference: referenceAnswer })
    .nullable()
    .describe('only once results are released; null before'),
});
export type PaperItem = z.infer<typeof paperItem>;

/** Answer of the paper call. */
export const homeworkPaper = z.object({
  homework: z.object({
    id: z.string(),
    courseId: z.string(),
    name: z.string(),
    description: z.string(),
    deadline: z.number().int().nullable(),
    publishedAt: z.number().int(),
    releasedAt: z.number().int().nullable(),
    totalScore: z.number().int(),
  }),
  status: z.enum(STUDY_STATUSES),
  statusText: z.string(),
  /** Whether the draft and submit calls take answers now (not submitted, before the deadline, unreleased). */
  editable: z.boolean(),
  savedAt: z.number().int().nullable().describe('when the draft was last saved, epoch ms'),
  submittedAt: z.number().int().nullable(),
  score: z.number().nullable().describe('the total, only once released'),
  pendingCount: z.number().int().nullable().describe('answers still waiting, only once released'),
  items: z.array(paperItem).describe('every question of the homework, in order'),
});
export type HomeworkPaper = z.infer<typeof homeworkPaper>;

/** One answer of a draft or submit call. */
export const answerInput = z.object({
  questionId: idParam(HOMEWORK_MSG.questionIdInvalid),
  answer: z
    .string()
    .max(SUBMISSION_LIMITS.maxCodeBytes, SUBMISSION_MSG.answerTooLarge)
    .describe(
      'single: a letter; multiple: letters; judgment: "true"/"false"; fill blanks: a JSON list of strings; ' +
        'short answer: text (at most 1000 characters); code: at most 64 KB',
    ),
});
export type AnswerInput = z.infer<typeof answerInput>;

/**
 * Body of draft and submit: answers to any of the homework's questions (a draft keeps the answers not
 * sent; submit takes the saved draft for questions not sent).
 */
export const answersBody = z.object({
  answers: z.array(answerInput).max(SUBMISSION_LIMITS.maxAnswers, SUBMISSION_MSG.tooManyAnswers).default([]),
});
export type AnswersBody = z.infer<typeof answersBody>;
export type AnswersBodyInput = z.input<typeof answersBody>;

/** Answer of draft and submit. */
export const savedAnswers = z.object({
  status: z.enum(['draft', 'submitted']),
  savedAt: z.number().int().describe('epoch ms'),
  submittedAt: z.number().int().nullable(),
  answered: z.number().int().describe('questions with a non-empty answer'),
});
export type SavedAnswers = z.infer<typeof savedAnswers>;

// ---------------------------------------------------------------------------------------------------------
// Teacher

/** Path of a submission. */
export const submissionParams = homeworkParams.extend({
  submissionId: idParam(SUBMISSION_MSG.submissionIdInvalid),
});
export type SubmissionParams = z.infer<typeof submissionParams>;

/** Path of an answer's grade. */
export const gradeAnswerParams = submissionParams.extend({
  answerId: idParam(SUBMISSION_MSG.answerIdInvalid),
});
export type GradeAnswerParams = z.infer<typeof gradeAnswerParams>;

/** Query of the submission list: a page, optionally of one status. */
export const submissionsQuery = pageQuery.extend({
  status: z
    .enum(SUBMISSION_FILTERS)
    .optional()
    .describe(
      'not_submitted, draft, submitted, or to_review (submitted with answers still waiting for a grade)',
    ),
});
export type SubmissionsQuery = z.infer<typeof submissionsQuery>;

/** A student of the course and their submission of the homework. */
export const submissionRow = z.object({
  studentId: z.string(),
  name: z.string(),
  username: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  submissionId: z.string().nullable().describe('null: the student has not opened the homework'),
  submittedAt: z.number().int().nullable(),
  totalScore: z.number().nullable().describe('sum of graded answers, once submitted'),
  pendingCount: z.number().int().describe('answers waiting for a grade'),
});
export type SubmissionRow = z.infer<typeof submissionRow>;

/** Answer of the submission list: the roster by name. */
export const submissionPage = pageOf(submissionRow);
export type SubmissionPage = z.infer<typeof submissionPage>;

/** One answer of a submission as the teacher reviews it. */
export const reviewedAnswer = answerGrade.extend({
  answerId: z.string().nullable().describe('null: the student saved nothing for this question'),
  question: paperQuestion.extend({ reference: referenceAnswer }),
  answer: z.string(),
});
export type ReviewedAnswer = z.infer<typeof reviewedAnswer>;

/** Answer of the submission detail. */
export const submissionDetail = z.object({
  id: z.string(),
  homeworkId: z.string(),
  student: z.object({ id: z.string(), name: z.string(), username: z.string() }),
  status: z.enum(['draft', 'submitted']),
  submittedAt: z.number().int().nullable(),
  totalScore: z.number().nullable(),
  maxScore: z.number().int(),
  pendingCount: z.number().int(),
  answers: z.array(reviewedAnswer).describe('every question of the homework, in order'),
});
export type SubmissionDetail = z.infer<typeof submissionDetail>;

/** Body of the teacher's grade: an override, or 引用 of an AI judge result (source ai keeps the basis). */
export const gradeAnswerBody = z.object({
  score: z
    .number({ error: SUBMISSION_MSG.scoreRequired })
    .describe('0 to the answer’s maxScore, one decimal (得分必须在0到分值之间，最多保留一位小数)'),
  comment: z.string().max(JUDGED_ANSWER_LIMITS.maxCommentLength, SUBMISSION_MSG.commentTooLong).default(''),
  basis: z
    .string()
    .max(JUDGED_ANSWER_LIMITS.maxBasisLength, SUBMISSION_MSG.basisTooLong)
    .optional()
    .describe('评判依据 of the AI judge (source ai); a teacher override keeps the stored one when absent'),
  source: z.enum(['ai', 'teacher']).describe('ai: 引用 of an AI judge result; teacher: the teacher’s own'),
});
export type GradeAnswerBody = z.infer<typeof gradeAnswerBody>;
export type GradeAnswerBodyInput = z.input<typeof gradeAnswerBody>;

/** Answer of the grade call: the answer as now graded and the submission's new totals. */
export const gradedAnswer = z.object({
  answer: reviewedAnswer,
  totalScore: z.number().nullable(),
  pendingCount: z.number().int(),
});
export type GradedAnswer = z.infer<typeof gradedAnswer>;
