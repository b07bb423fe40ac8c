import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, exerciseQuestions, exerciseSets, homeworkQuestions, homeworks } from '../../db/schema';

/**
 * A homework or exercise set (same columns) of a course, with the course's name and teacher; null when none
 * or of another course.
 */
const findItemInCourse = async (
  db: Db,
  items: typeof homeworks | typeof exerciseSets,
  courseId: number,
  id: number,
) => {
  const [row] = await db
    .select({
      id: items.id,
      name: items.name,
      courseId: courses.id,
      courseName: courses.name,
      teacherId: courses.teacherId,
    })
    .from(items)
    .innerJoin(courses, eq(courses.id, items.courseId))
    .where(and(eq(items.id, id), eq(items.courseId, courseId)))
    .limit(1);
  return row ?? null;
};

/** A homework of a course, with the course's name and teacher; null when none or of another course. */
export const findHomeworkInCourse = (db: Db, courseId: number, homeworkId: number) =>
  findItemInCourse(db, homeworks, courseId, homeworkId);

/** An exercise set of a course, with the course's name and teacher; null when none or of another course. */
export const findExerciseSetInCourse = (db: Db, courseId: number, setId: number) =>
  findItemInCourse(db, exerciseSets, courseId, setId);

/** A page of the questions a homework or exercise set holds, in the order they were added, and their count. */
const pageQuestions = async (
  db: Db,
  questions: typeof homeworkQuestions | typeof exerciseQuestions,
  of: ReturnType<typeof eq>,
  page: { offset: number; limit: number },
) => {
  const rows = await db
    .select({ id: questions.id, question: questions.question })
    .from(questions)
    .where(of)
    .orderBy(questions.id)
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(questions).where(of);
  return { rows, total: total?.n ?? 0 };
};

/** A page of the questions of a homework, in the order they were added. */
export const pageQuestionsOfHomework = (
  db: Db,
  homeworkId: number,
  page: { offset: number; limit: number },
) => pageQuestions(db, homeworkQuestions, eq(homeworkQuestions.homeworkId, homeworkId), page);

/** A page of the questions of an exercise set, in the order they were added. */
export const pageQuestionsOfExerciseSet = (db: Db, setId: number, page: { offset: number; limit: number }) =>
  pageQuestions(db, exerciseQuestions, eq(exerciseQuestions.setId, setId), page);
