import { z } from 'zod';
import { pageOf, pageQuery } from '../core/envelope';
import { AI_LIMITS, AI_MSG, judgeBody } from '../question-bank/ai';
import { isCodeType, QSN_TYPE } from '../question-bank/questions';
import { TEACHING_MSG } from '../question-bank/teaching';

/*
 * Judged answers of a homework (issue 10 part 8): the answer a teacher had the AI judge score on a homework's
 * page, stored with the grade the teacher applied (引用), shown again after a reload and editable.
 * `GET  /api/course/courses/{courseId}/homeworks/{homeworkId}/judgedAnswers?pageNumber&pageSize&questionId`
 * `POST /api/course/courses/{courseId}/homeworks/{homeworkId}/questions/{questionId}/judgedAnswers`
 * `PUT  /api/course/courses/{courseId}/homeworks/{homeworkId}/judgedAnswers/{answerId}`
 * Only the course's teacher; anyone else's ids answer 404, students 403.
 */

/** Limits of a stored grade. */
export const JUDGED_ANSWER_LIMITS = {
  /** 评语: a text box (spec 5.1 and 9). */
  maxCommentLength: 1000,
  /** 评判依据: written by the judge from the points met and missed; not edited by hand. */
  maxBasisLength: 4000,
} as const;

/** Texts of the judged-answer calls. */
export const HOMEWORK_MSG = {
  questionIdInvalid: '题目编号不正确',
  answerIdInvalid: '批改记录编号不正确',
  homeworkNotFound: TEACHING_MSG.homeworkNotFound,
  questionNotFound: '题目不存在',
  judgedAnswerNotFound: '批改记录不存在',
  notJudgeable: '只有简答题、编程题和函数题可以AI判题',
  commentTooLong: `评语最多${JUDGED_ANSWER_LIMITS.maxCommentLength}个字符`,
  basisTooLong: `评判依据最多${JUDGED_ANSWER_LIMITS.maxBasisLength}个字符`,
  /** Shown by 引用 on a homework's page. */
  applySaves: '引用后，得分、评语和评判依据将保存为该题的一条批改记录，可随时修改。',
  /** Shown by 引用 where no answer record exists (the question library). */
  applyFillsOnly: '引用只把结果填入下方的批改框，不会保存：题库中的题目没有作答记录。',
  /** In the library's grading box. */
  notSaved: '未保存：题库中的题目没有作答记录，这里的得分和评语只在本页，刷新后不会保留。',
  saved: '批改结果已保存',
  updated: '批改已更新',
} as const;

/** Whether the AI judge scores answers to this type: 简答题, and the coding types (编程题, 函数题). */
export const isJudgeableType = (qsnType: number) => qsnType === QSN_TYPE.shortAnswer || isCodeType(qsnType);

/** The question's score as the judge takes it (spec 5.4): an integer from 1 to 9999 (10 when unusable). */
export const judgeQuestionScore = (score: number) =>
  Math.min(AI_LIMITS.maxQuestionScore, Math.max(AI_LIMITS.minQuestionScore, Math.round(score) || 10));

/** A database id in a path: 1 to 15 digits, no leading zero. */
const idParam = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[1-9][0-9]{0,14}$/, message)
    .describe('numeric id');

/** Path of the list call. */
export const judgedAnswersParams = z.object({
  courseId: idParam(TEACHING_MSG.courseIdInvalid),
  homeworkId: idParam(TEACHING_MSG.homeworkIdInvalid),
});
export type JudgedAnswersParams = z.infer<typeof judgedAnswersParams>;

/** Path of the create call: the question the answer is to. */
export const createJudgedAnswerParams = judgedAnswersParams.extend({
  questionId: idParam(HOMEWORK_MSG.questionIdInvalid),
});
export type CreateJudgedAnswerParams = z.infer<typeof createJudgedAnswerParams>;

/** Path of the edit call. */
export const updateJudgedAnswerParams = judgedAnswersParams.extend({
  answerId: idParam(HOMEWORK_MSG.answerIdInvalid),
});
export type UpdateJudgedAnswerParams = z.infer<typeof updateJudgedAnswerParams>;

/** Query of the list call: a page, optionally of one question's answers. */
export const judgedAnswersQuery = pageQuery.extend({
  questionId: idParam(HOMEWORK_MSG.questionIdInvalid).optional(),
});
export type JudgedAnswersQuery = z.infer<typeof judgedAnswersQuery>;

/** The grade (spec 5.4 result score: 0 to the question's score, one decimal; checked against it). */
const gradeFields = {
  score: z
    .number({ error: AI_MSG.resultScoreRequired })
    .describe('0 to the question’s score, one decimal (spec 5.4)'),
  comment: z
    .string()
    .max(JUDGED_ANSWER_LIMITS.maxCommentLength, HOMEWORK_MSG.commentTooLong)
    .describe('评语 (may be edited by the teacher)'),
};

/** Body of 引用: the answer judged and the (possibly edited) result applied. */
export const createJudgedAnswerBody = z.object({
  studentAnswer: judgeBody.shape.studentAnswer.describe('the answer that was judged'),
  ...gradeFields,
  basis: z
    .string()
    .max(JUDGED_ANSWER_LIMITS.maxBasisLength, HOMEWORK_MSG.basisTooLong)
    .describe('评判依据 of the judge'),
});
export type CreateJudgedAnswerBody = z.infer<typeof createJudgedAnswerBody>;

/** Body of an edit: the teacher's score and comment. */
export const updateJudgedAnswerBody = z.object(gradeFields);
export type UpdateJudgedAnswerBody = z.infer<typeof updateJudgedAnswerBody>;

/** A user as a grade names them. */
const userRef = z.object({ id: z.string(), name: z.string() });

/** A stored judged answer. */
export const judgedAnswer = z.object({
  id: z.string(),
  questionId: z.string(),
  studentAnswer: z.string(),
  questionScore: z.number().int(),
  score: z.number(),
  comment: z.string(),
  basis: z.string(),
  appliedBy: userRef.describe('who applied (引用) the result'),
  appliedAt: z.number().int().describe('when, epoch ms'),
  updatedBy: userRef.nullable().describe('who last edited the grade; null: not edited'),
  updatedAt: z.number().int().nullable().describe('when, epoch ms'),
});
export type JudgedAnswer = z.infer<typeof judgedAnswer>;

/** Answer of the list call, newest last. */
export const judgedAnswerPage = pageOf(judgedAnswer);
export type JudgedAnswerPage = z.infer<typeof judgedAnswerPage>;

/*
 * Homework lifecycle (issue 11): the teacher of a course creates homework (title, description, deadline),
 * puts questions in it through the import `POST /api/course/homeworkQuestions/batchSave?homeworkId=`, sets
 * each question's score, publishes it to the course's students (who get a course notice), and releases the
 * results when grading is done. Only the course's teacher; another user's ids answer 404, students 403
 * 学生身份暂无权限.
 * `GET    /api/course/courses/{courseId}/homeworks?pageNumber&pageSize`                -> HomeworkPage
 * `POST   /api/course/courses/{courseId}/homeworks` (HomeworkBody)                    -> HomeworkRow
 * `GET    /api/course/courses/{courseId}/homeworks/{homeworkId}`                      -> HomeworkRow
 * `PUT    /api/course/courses/{courseId}/homeworks/{homeworkId}` (HomeworkBody)       -> HomeworkRow
 * `DELETE /api/course/courses/{courseId}/homeworks/{homeworkId}` (unpublished only)   -> null
 * `PUT    /api/course/courses/{courseId}/homeworks/{homeworkId}/questions/{questionId}/score`
 *         (HomeworkQuestionScoreBody; unpublished only)                               -> HomeworkRow
 * `DELETE /api/course/courses/{courseId}/homeworks/{homeworkId}/questions/{questionId}`
 *         (unpublished only)                                                          -> HomeworkRow
 * `POST   /api/course/courses/{courseId}/homeworks/{homeworkId}/publish`              -> HomeworkRow
 * `POST   /api/course/courses/{courseId}/homeworks/{homeworkId}/release`              -> HomeworkRow
 */

/** Limits of a homework. */
export const HOMEWORK_LIMITS = {
  maxNameLength: 50,
  maxDescriptionLength: 1000,
  /** A question's score in a homework (spec 000 section 9: 1 to 9999). */
  minQuestionScore: AI_LIMITS.minQuestionScore,
  maxQuestionScore: AI_LIMITS.maxQuestionScore,
} as const;

/** Texts of the homework lifecycle. */
export const HOMEWORK_LIFECYCLE_MSG = {
  courseNotFound: TEACHING_MSG.courseNotFound,
  homeworkNotFound: TEACHING_MSG.homeworkNotFound,
  questionNotFound: HOMEWORK_MSG.questionNotFound,
  nameRequired: '请输入作业名称',
  nameTooLong: `作业名称最多${HOMEWORK_LIMITS.maxNameLength}个字符`,
  descriptionTooLong: `作业说明最多${HOMEWORK_LIMITS.maxDescriptionLength}个字符`,
  deadlineRequired: '请选择截止时间',
  deadlineInvalid: '截止时间不正确',
  deadlinePast: '截止时间必须晚于当前时间',
  scoreRange: `分值必须是${HOMEWORK_LIMITS.minQuestionScore}到${HOMEWORK_LIMITS.maxQuestionScore}之间的整数`,
  /** Delete of a published homework. */
  publishedNoDelete: '作业已发布，不能删除',
  /** Adding or removing questions (the import too) after publication. */
  publishedQuestionsLocked: '作业已发布，不能添加或删除题目',
  publishedScoreLocked: '作业已发布，不能修改分值',
  publishNoQuestions: '作业至少需要一道题目才能发布',
  publishDeadlinePast: '截止时间已过，请先修改截止时间再发布',
  publishDeadlineMissing: '请先设置截止时间再发布',
  alreadyPublished: '作业已发布',
  releaseUnpublished: '作业尚未发布，不能公布成绩',
  alreadyReleased: '成绩已公布',
  /** Title of the course notice publication sends to the course's students. */
  publishNoticeTitle: (name: string) => `新作业：${name}`.slice(0, 50),
} as const;

/** Path of the calls on a course's homework list. */
export const courseHomeworksParams = z.object({ courseId: idParam(TEACHING_MSG.courseIdInvalid) });
export type CourseHomeworksParams = z.infer<typeof courseHomeworksParams>;

/** Path of the calls on one homework. */
export const homeworkParams = judgedAnswersParams;
export type HomeworkParams = z.infer<typeof homeworkParams>;

/** Path of the calls on one question of a homework. */
export const homeworkQuestionParams = createJudgedAnswerParams;
export type HomeworkQuestionParams = z.infer<typeof homeworkQuestionParams>;

/** Query of the teacher's homework list. */
export const courseHomeworksQuery = pageQuery;
export type CourseHomeworksQuery = z.infer<typeof courseHomeworksQuery>;

/** Body of create and edit: title, description and deadline (epoch ms, later than now). */
export const homeworkBody = z.object({
  name: z
    .string({ error: HOMEWORK_LIFECYCLE_MSG.nameRequired })
    .trim()
    .min(1, HOMEWORK_LIFECYCLE_MSG.nameRequired)
    .max(HOMEWORK_LIMITS.maxNameLength, HOMEWORK_LIFECYCLE_MSG.nameTooLong)
    .describe('作业名称, 1 to 50 characters'),
  description: z
    .string()
    .max(HOMEWORK_LIMITS.maxDescriptionLength, HOMEWORK_LIFECYCLE_MSG.descriptionTooLong)
    .optional()
    .describe('作业说明, at most 1000 characters'),
  deadline: z
    .number({ error: HOMEWORK_LIFECYCLE_MSG.deadlineRequired })
    .int(HOMEWORK_LIFECYCLE_MSG.deadlineInvalid)
    .min(0, HOMEWORK_LIFECYCLE_MSG.deadlineInvalid)
    .max(8_640_000_000_000_000, HOMEWORK_LIFECYCLE_MSG.deadlineInvalid)
    .describe('截止时间, epoch ms; must be later than now (400 截止时间必须晚于当前时间)'),
});
export type HomeworkBody = z.infer<typeof homeworkBody>;

/** Body of a question's score in a homework. */
export const homeworkQuestionScoreBody = z.object({
  score: z
    .number({ error: HOMEWORK_LIFECYCLE_MSG.scoreRange })
    .int(HOMEWORK_LIFECYCLE_MSG.scoreRange)
    .min(HOMEWORK_LIMITS.minQuestionScore, HOMEWORK_LIFECYCLE_MSG.scoreRange)
    .max(HOMEWORK_LIMITS.maxQuestionScore, HOMEWORK_LIFECYCLE_MSG.scoreRange)
    .describe('the question’s score in this homework: an integer from 1 to 9999'),
});
export type HomeworkQuestionScoreBody = z.infer<typeof homeworkQuestionScoreBody>;

/** A homework as the teacher's list shows it, with its figures. */
export const homeworkRow = z.object({
  id: z.string(),
  courseId: z.string(),
  name: z.string(),
  description: z.string(),
  deadline: z.number().int().nullable().describe('epoch ms; null: none (homework made before deadlines)'),
  publishedAt: z.number().int().nullable().describe('epoch ms; null: not published (students see nothing)'),
  releasedAt: z.number().int().nullable().describe('epoch ms; null: results not released'),
  questionCount: z.number().int(),
  totalScore: z.number().int().describe('sum of the questions’ scores'),
  submittedCount: z.number().int().describe('students who submitted'),
  studentCount: z.number().int().describe('student members of the course'),
  pendingCount: z.number().int().describe('submitted answers waiting for a grade (AI judge or teacher)'),
});
export type HomeworkRow = z.infer<typeof homeworkRow>;

/** Answer of the teacher's homework list, newest first. */
export const homeworkPage = pageOf(homeworkRow);
export type HomeworkPage = z.infer<typeof homeworkPage>;
