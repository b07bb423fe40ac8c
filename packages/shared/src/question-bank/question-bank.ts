import { z } from 'zod';
import { pageOf } from '../core/envelope';
import {
  exerciseQuestion,
  exerciseQuestionView,
  fromExerciseQuestion,
  GENERATION_SOURCES,
  generatedQuestion,
  generatedQuestionView,
  QSN_TYPES,
  QUESTION_LIMITS,
  QUESTION_MSG,
  type QuestionIssue,
  questionBoundIssues,
} from './questions';

/*
 * Question structuring and the question-bank targets (spec 000 sections 3.3, 5.1, 7 and 8): request and
 * response schemas of `POST /api/course/ai/generate_questions`, `/api/course/libQuestions/*`,
 * `/api/course/homeworkQuestions/batchSave`, `/api/course/exercises_questions/batch` and
 * `/api/course/libKnowledges*`. Ids are strings.
 */

/** A question type code in a request: a number or its string (1 to 10). */
export const qsnTypeParam = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: '请选择题目类型' })
    .int('请选择题目类型')
    .refine((v) => (QSN_TYPES as number[]).includes(v), '请选择题目类型'),
);

/** Where the generator was opened; decides purpose (library, homework, exercises, examination, home). */
export const generationSource = z.enum(GENERATION_SOURCES).describe('where the generator was opened');

/** `POST /api/course/ai/generate_questions` body: the streamed draft and what was asked for. */
export const generateQuestionsBody = z.object({
  question: z
    .string({ error: '出题内容不能为空' })
    .trim()
    .min(1, '出题内容不能为空')
    .max(100_000, '出题内容过长')
    .describe('the full text streamed by the SSE call'),
  questionType: qsnTypeParam.describe('type code asked for (1, 2, 3, 5, 7 or 8)'),
  language: z.string().trim().max(32).nullish().describe('programming language id for coding types'),
  source: generationSource.default('library'),
  questionNum: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z
        .number()
        .int(QUESTION_MSG.questionNumRange)
        .min(1, QUESTION_MSG.questionNumRange)
        .max(5, QUESTION_MSG.questionNumRange),
    )
    .optional()
    .describe(
      'questions asked for (1 to 5; 1 for coding types). When the draft yields fewer valid ones, the model is ' +
        'asked for the missing ones (at most 2 more rounds); what is still missing is then simply not there',
    ),
  query: z
    .string()
    .trim()
    .max(QUESTION_LIMITS.maxTextLength, QUESTION_MSG.textTooLong)
    .optional()
    .describe(
      'the teacher’s requirements (as sent to the draft call): what missing questions are asked after',
    ),
});
export type GenerateQuestionsBody = z.infer<typeof generateQuestionsBody>;

/** The structured questions, checked (coding questions ran their reference solution in the sandbox). */
export const generateQuestionsResult = z.array(generatedQuestionView);
export type GenerateQuestionsResult = z.infer<typeof generateQuestionsResult>;

/** Reports bound issues as zod issues (the 400's message is the first one's). */
const reportIssues = (issues: QuestionIssue[], ctx: z.RefinementCtx) => {
  for (const issue of issues)
    ctx.addIssue({ code: 'custom', path: issue.field.split('.'), message: issue.message });
};

/** Questions in a batch (spec 000 section 7 batch saves). */
export const QUESTION_BATCH_LIMIT = 50;

/**
 * A question as the import calls take it: the generated shape within the bounds of spec 5.1, 5.5 and 9
 * (`questionBoundIssues`); beyond one the whole request is refused with 400 and that message. What is only
 * incomplete (no title, no answer, weights not summing to 100) is answered back with failureMsg instead.
 */
export const importedQuestion = generatedQuestion.superRefine((q, ctx) =>
  reportIssues(questionBoundIssues(q), ctx),
);

/** Body of the library and homework batch saves: the question list (at most 50). */
export const questionBatchBody = z
  .array(importedQuestion)
  .min(1, QUESTION_MSG.importFailedCheck)
  .max(QUESTION_BATCH_LIMIT, `一次最多导入${QUESTION_BATCH_LIMIT}题`);
export type QuestionBatchBody = z.infer<typeof questionBatchBody>;

/** Answer of every batch save: the questions that were not saved, each with its failureMsg. */
export const questionBatchResult = z.object({
  fieldList: z.array(generatedQuestionView).describe('failed questions, each with failureMsg'),
});
export type QuestionBatchResult = z.infer<typeof questionBatchResult>;

/** `POST /api/course/homeworkQuestions/batchSave?homeworkId=`; without it 400 导入作业未指定homeworkId. */
export const homeworkBatchQuery = z.object({
  homeworkId: z
    .string({ error: QUESTION_MSG.homeworkIdRequired })
    .trim()
    .min(1, QUESTION_MSG.homeworkIdRequired)
    .max(32, QUESTION_MSG.homeworkIdRequired),
});

/** `POST /api/course/exercises_questions/batch?courseId=`. */
export const exercisesBatchQuery = z.object({
  courseId: z.string({ error: '未指定课程' }).trim().min(1, '未指定课程').max(32, '未指定课程'),
});

const QL = QUESTION_LIMITS;

/**
 * The bounds of an exercise-set question: its own lists (the conversion joins or drops them) and the type
 * name, then the generated question's bounds on its converted form. An unknown type is left to the save,
 * which answers it with failureMsg.
 */
const exerciseBoundIssues = (e: z.infer<typeof exerciseQuestion>): QuestionIssue[] => {
  if (e.type.length > QL.maxTypeNameLength) return [{ field: 'type', message: QUESTION_MSG.typeNameTooLong }];
  if (e.knowledges.length > QL.maxKnowledges)
    return [{ field: 'knowledges', message: QUESTION_MSG.tooManyKnowledges }];
  if (e.knowledges.some((k) => k.trim().length > QL.maxKnowledgeLength))
    return [{ field: 'knowledges', message: QUESTION_MSG.knowledgeTooLong }];
  if (e.options.length > QL.maxOptions) return [{ field: 'options', message: QUESTION_MSG.tooManyOptions }];
  if (e.answers.length > QL.maxAnswerList)
    return [{ field: 'answers', message: QUESTION_MSG.tooManyAnswers }];
  const answerTooLong = e.answers.findIndex((a) => a.length > QL.maxCodeBytes);
  if (answerTooLong >= 0) return [{ field: `answers.${answerTooLong}`, message: QUESTION_MSG.codeTooLong }];
  if ((e.cases?.length ?? 0) > QL.maxTestcases)
    return [{ field: 'cases', message: QUESTION_MSG.tooManyTestcases }];
  const q = fromExerciseQuestion(e);
  if (!q) return [];
  const field = (f: string) =>
    f
      .replace(/^titleText/, 'title')
      .replace(/^tip/, 'analysis')
      .replace(/^everyScore/, 'score')
      .replace(/^testcases/, 'cases')
      .replace(/^options\.(\d+)\.optionContent/, 'options.$1.content')
      .replace(/^answer$/, 'answers');
  return questionBoundIssues(q).map((i) => ({ ...i, field: field(i.field) }));
};

/** One exercise-set question of the batch: the converted shape plus the set it goes to, within the bounds. */
export const exerciseBatchItem = exerciseQuestion
  .extend({
    setId: z
      .string({ error: '未指定练习集' })
      .trim()
      .min(1, '未指定练习集')
      .max(32)
      .describe('exercise set id'),
  })
  .superRefine((e, ctx) => reportIssues(exerciseBoundIssues(e), ctx));
export type ExerciseBatchItem = z.infer<typeof exerciseBatchItem>;

export const exercisesBatchBody = z
  .array(exerciseBatchItem)
  .min(1, QUESTION_MSG.importFailedCheck)
  .max(QUESTION_BATCH_LIMIT, `一次最多导入${QUESTION_BATCH_LIMIT}题`);

/** Answer of the exercise-set batch: the failed questions (exercise shape with setId and failureMsg). */
export const exercisesBatchResult = z.object({
  fieldList: z.array(exerciseQuestionView.extend({ setId: z.string() })),
});
export type ExercisesBatchResult = z.infer<typeof exercisesBatchResult>;

/** `GET /api/course/libKnowledges/list?keyWord=&isLibrary=1`. */
export const knowledgeListQuery = z.object({
  keyWord: z.string().trim().max(QUESTION_LIMITS.maxKnowledgeLength).optional(),
  isLibrary: z.coerce.number().int().min(0).max(1).optional(),
});

/** A knowledge tag. */
export const knowledgeTag = z.object({ id: z.string(), name: z.string() });
export type KnowledgeTag = z.infer<typeof knowledgeTag>;

export const knowledgeListResult = z.object({ fieldList: z.array(knowledgeTag) });

/** `POST /api/course/libKnowledges` body. */
export const createKnowledgeBody = z.object({
  name: z
    .string({ error: '请输入知识点' })
    .trim()
    .min(1, '请输入知识点')
    .max(QUESTION_LIMITS.maxKnowledgeLength, QUESTION_MSG.knowledgeTooLong),
  isLibrary: z.coerce.number().int().min(0).max(1).default(0),
});
export type CreateKnowledgeBody = z.infer<typeof createKnowledgeBody>;

/** `GET /api/course/libQuestions?pageNumber&pageSize`: one row of the teacher's library. */
export const libQuestionRow = generatedQuestionView.extend({
  id: z.string(),
  createdAt: z.number().int().describe('epoch ms'),
});
export type LibQuestionRow = z.infer<typeof libQuestionRow>;
export const libQuestionPage = pageOf(libQuestionRow);
export type LibQuestionPage = z.infer<typeof libQuestionPage>;

/** `GET /api/course/courses/mine`: the teacher's courses with their exercise sets and homeworks (targets). */
export const teacherCourse = z.object({
  id: z.string(),
  name: z.string(),
  exerciseSets: z.array(z.object({ id: z.string(), name: z.string() })),
  homeworks: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TeacherCourse = z.infer<typeof teacherCourse>;
