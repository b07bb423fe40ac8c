import { z } from 'zod';
import { pageQuery } from '../core/envelope';
import { QSN_TYPES, type QsnType } from './qsn-types';

/*
 * The teacher's course pages (issue 4 part 9): the questions of one homework and of one exercise set of a
 * teacher's own course, shown on the pages that host the common AI panels.
 * `GET /api/course/courses/{courseId}/homeworks/{homeworkId}/questions` and
 * `GET /api/course/courses/{courseId}/exerciseSets/{setId}/questions`. Ids are strings.
 */

/** Texts of the teaching calls. */
export const TEACHING_MSG = {
  courseIdInvalid: '课程编号不正确',
  homeworkIdInvalid: '作业编号不正确',
  setIdInvalid: '练习集编号不正确',
  courseNotFound: '课程不存在',
  homeworkNotFound: '作业不存在',
  exerciseSetNotFound: '练习集不存在',
} as const;

/** A database id in a path: 1 to 15 digits, no leading zero. */
const idParam = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[1-9][0-9]{0,14}$/, message)
    .describe('numeric id');

/** Path of the homework questions call. */
export const homeworkQuestionsParams = z.object({
  courseId: idParam(TEACHING_MSG.courseIdInvalid),
  homeworkId: idParam(TEACHING_MSG.homeworkIdInvalid),
});
export type HomeworkQuestionsParams = z.infer<typeof homeworkQuestionsParams>;

/** Path of the exercise-set questions call. */
export const exerciseSetQuestionsParams = z.object({
  courseId: idParam(TEACHING_MSG.courseIdInvalid),
  setId: idParam(TEACHING_MSG.setIdInvalid),
});
export type ExerciseSetQuestionsParams = z.infer<typeof exerciseSetQuestionsParams>;

/** A named thing of a course (the course itself, a homework, an exercise set). */
export const namedRef = z.object({ id: z.string(), name: z.string() });
export type NamedRef = z.infer<typeof namedRef>;

/** One question of a homework or an exercise set, as the course pages list it. */
export const teachingQuestion = z.object({
  id: z.string(),
  qsnType: z
    .number()
    .int()
    .refine((t) => (QSN_TYPES as number[]).includes(t))
    .describe('type code (spec 3.3)') as unknown as z.ZodType<QsnType>,
  typeName: z.string().describe('type name, e.g. 简答题'),
  title: z.string(),
  description: z.string().describe('coding questions: input and output description; otherwise empty'),
  options: z.array(z.object({ id: z.string(), content: z.string() })).describe('choice options'),
  score: z.number().describe('score of the question'),
  difficulty: z.number().describe('1 to 5 stars'),
  answer: z.string().describe('letters for choices, "true"/"false" for judgment, text or code otherwise'),
  knowledges: z.array(z.string()),
  language: z.string().nullable().describe('coding questions: language id; otherwise null'),
  caseCount: z.number().int().nullable().describe('coding questions: number of test cases; otherwise null'),
});
export type TeachingQuestion = z.infer<typeof teachingQuestion>;

/**
 * Query of both question calls: a homework or a set can grow without bound, so its questions come a page at
 * a time (call conventions: `pageNumber`, `pageSize` in, `{ rows, total }` out; pageSize at most 100).
 */
export const teachingQuestionsQuery = pageQuery;
export type TeachingQuestionsQuery = z.infer<typeof teachingQuestionsQuery>;

/** Answer of the homework questions call: the homework, and one page of its questions. */
export const homeworkQuestionsResult = z.object({
  course: namedRef,
  homework: namedRef,
  rows: z.array(teachingQuestion).describe('the page’s questions, in the order they were added'),
  total: z.number().int().describe('questions in the homework'),
});
export type HomeworkQuestionsResult = z.infer<typeof homeworkQuestionsResult>;

/** Answer of the exercise-set questions call: the set, and one page of its questions. */
export const exerciseSetQuestionsResult = z.object({
  course: namedRef,
  exerciseSet: namedRef,
  rows: z.array(teachingQuestion).describe('the page’s questions, in the order they were added'),
  total: z.number().int().describe('questions in the set'),
});
export type ExerciseSetQuestionsResult = z.infer<typeof exerciseSetQuestionsResult>;
