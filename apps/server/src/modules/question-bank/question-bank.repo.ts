import type { ExerciseQuestion, GeneratedQuestion } from '@uplus/shared';
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  courses,
  exerciseQuestions,
  exerciseSets,
  homeworkQuestions,
  homeworks,
  libKnowledges,
  libQuestions,
} from '../../db/schema';

export type LibQuestionRow = typeof libQuestions.$inferSelect;
export type KnowledgeRow = typeof libKnowledges.$inferSelect;

export const insertExerciseSet = async (db: Db, values: { courseId: number; name: string }) => {
  const [row] = await db.insert(exerciseSets).values(values).returning();
  return row!;
};

export const insertHomework = async (db: Db, values: { courseId: number; name: string }) => {
  const [row] = await db.insert(homeworks).values(values).returning();
  return row!;
};

export const findCourse = async (db: Db, id: number) => {
  const [row] = await db.select().from(courses).where(eq(courses.id, id)).limit(1);
  return row ?? null;
};

/** A homework with the teacher of its course. */
export const findHomework = async (db: Db, id: number) => {
  const [row] = await db
    .select({ id: homeworks.id, courseId: homeworks.courseId, teacherId: courses.teacherId })
    .from(homeworks)
    .innerJoin(courses, eq(courses.id, homeworks.courseId))
    .where(eq(homeworks.id, id))
    .limit(1);
  return row ?? null;
};

/** The exercise sets among `ids` that belong to `courseId`. */
export const listSetsOfCourse = (db: Db, courseId: number, ids: number[]) =>
  db
    .select({ id: exerciseSets.id })
    .from(exerciseSets)
    .where(and(eq(exerciseSets.courseId, courseId), inArray(exerciseSets.id, ids)));

/** The title as compared for duplicates: trimmed, runs of white space as one space. */
const sameTitle = (
  column: typeof libQuestions.titleText | typeof homeworkQuestions.titleText,
  title: string,
) => sql`regexp_replace(btrim(${column}), '\s+', ' ', 'g') = ${title.trim().replace(/\s+/g, ' ')}`;

/** Whether `questions`, among the rows `within` picks, holds a question of this type with this title. */
const holdsQuestion = async (
  db: Db,
  questions: typeof libQuestions | typeof homeworkQuestions,
  within: SQL,
  qsnType: number,
  title: string,
) => {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(within, eq(questions.qsnType, qsnType), sameTitle(questions.titleText, title)))
    .limit(1);
  return rows.length > 0;
};

/** Whether the teacher's library holds a question of this type with this title already. */
export const libraryHasQuestion = (db: Db, ownerId: number, qsnType: number, title: string) =>
  holdsQuestion(db, libQuestions, eq(libQuestions.ownerId, ownerId), qsnType, title);

/** Whether the homework holds a question of this type with this title already. */
export const homeworkHasQuestion = (db: Db, homeworkId: number, qsnType: number, title: string) =>
  holdsQuestion(db, homeworkQuestions, eq(homeworkQuestions.homeworkId, homeworkId), qsnType, title);

export const insertLibQuestion = async (db: Db, ownerId: number, question: GeneratedQuestion) => {
  const [row] = await db
    .insert(libQuestions)
    .values({ ownerId, qsnType: question.qsnType, titleText: question.titleText, question })
    .returning({ id: libQuestions.id });
  return row!.id;
};

export const insertHomeworkQuestion = async (db: Db, homeworkId: number, question: GeneratedQuestion) => {
  const [row] = await db
    .insert(homeworkQuestions)
    .values({
      homeworkId,
      qsnType: question.qsnType,
      titleText: question.titleText,
      question,
      // The question's score in the homework (issue 11) starts as the score it came with (1 to 9999).
      score: Math.min(9999, Math.max(1, Math.round(question.everyScore) || 10)),
    })
    .returning({ id: homeworkQuestions.id });
  return row!.id;
};

export const insertExerciseQuestion = async (db: Db, setId: number, question: ExerciseQuestion) => {
  const [row] = await db
    .insert(exerciseQuestions)
    .values({ setId, type: question.type, title: question.title, question })
    .returning({ id: exerciseQuestions.id });
  return row!.id;
};

/** A page of a teacher's library, newest first. */
export const pageLibQuestions = async (db: Db, ownerId: number, page: { offset: number; limit: number }) => {
  const rows = await db
    .select()
    .from(libQuestions)
    .where(eq(libQuestions.ownerId, ownerId))
    .orderBy(desc(libQuestions.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(libQuestions).where(eq(libQuestions.ownerId, ownerId));
  return { rows, total: total?.n ?? 0 };
};

export const listHomeworkQuestions = (db: Db, homeworkId: number) =>
  db
    .select()
    .from(homeworkQuestions)
    .where(eq(homeworkQuestions.homeworkId, homeworkId))
    .orderBy(homeworkQuestions.id);

export const listExerciseQuestions = (db: Db, setId: number) =>
  db.select().from(exerciseQuestions).where(eq(exerciseQuestions.setId, setId)).orderBy(exerciseQuestions.id);

/** Escapes LIKE wildcards so a keyword matches literally. */
const likePattern = (keyWord: string) => `%${keyWord.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Tags a teacher sees: their own, and with `withLibrary` the library tags (no owner); optionally those whose
 * name contains `keyWord`. Sorted by name, at most 200.
 */
export const listKnowledges = (db: Db, opts: { ownerId: number; withLibrary: boolean; keyWord?: string }) =>
  db
    .select({ id: libKnowledges.id, name: libKnowledges.name })
    .from(libKnowledges)
    .where(
      and(
        opts.withLibrary
          ? or(eq(libKnowledges.ownerId, opts.ownerId), isNull(libKnowledges.ownerId))
          : eq(libKnowledges.ownerId, opts.ownerId),
        opts.keyWord ? ilike(libKnowledges.name, likePattern(opts.keyWord)) : undefined,
      ),
    )
    .orderBy(libKnowledges.name, libKnowledges.id)
    .limit(200);

/** A tag the teacher sees with this name (case-insensitive): their own first, then a library tag. */
export const findVisibleKnowledge = async (db: Db, ownerId: number, name: string) => {
  const [row] = await db
    .select({ id: libKnowledges.id, name: libKnowledges.name })
    .from(libKnowledges)
    .where(
      and(
        or(eq(libKnowledges.ownerId, ownerId), isNull(libKnowledges.ownerId)),
        sql`lower(${libKnowledges.name}) = lower(${name})`,
      ),
    )
    .orderBy(sql`${libKnowledges.ownerId} is null`)
    .limit(1);
  return row ?? null;
};

/** Inserts a tag unless the owner already has one of that name; returns the (new or existing) tag. */
export const insertKnowledge = async (
  db: Db,
  values: { ownerId: number | null; name: string; isLibrary: boolean },
) => {
  const [row] = await db
    .insert(libKnowledges)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: libKnowledges.id, name: libKnowledges.name });
  if (row) return row;
  const [existing] = await db
    .select({ id: libKnowledges.id, name: libKnowledges.name })
    .from(libKnowledges)
    .where(
      and(
        values.ownerId === null ? isNull(libKnowledges.ownerId) : eq(libKnowledges.ownerId, values.ownerId),
        sql`lower(${libKnowledges.name}) = lower(${values.name})`,
      ),
    )
    .limit(1);
  return existing!;
};

/** A teacher's courses, oldest first. */
export const listCoursesOfTeacher = (db: Db, teacherId: number) =>
  db.select().from(courses).where(eq(courses.teacherId, teacherId)).orderBy(courses.id);

/** Exercise sets of the given courses, in creation order. */
export const listExerciseSetsOf = (db: Db, courseIds: number[]) =>
  courseIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(exerciseSets)
        .where(inArray(exerciseSets.courseId, courseIds))
        .orderBy(exerciseSets.id);

/** Homeworks of the given courses, in creation order. */
export const listHomeworksOf = (db: Db, courseIds: number[]) =>
  courseIds.length === 0
    ? Promise.resolve([])
    : db.select().from(homeworks).where(inArray(homeworks.courseId, courseIds)).orderBy(homeworks.id);
