import { and, eq } from 'drizzle-orm';
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

/** The questions of a homework, in the order they were added. */
export const listQuestionsOfHomework = (db: Db, homeworkId: number) =>
  db
    .select({ id: homeworkQuestions.id, question: homeworkQuestions.question })
    .from(homeworkQuestions)
    .where(eq(homeworkQuestions.homeworkId, homeworkId))
    .orderBy(homeworkQuestions.id);

/** The questions of an exercise set, in the order they were added. */
export const listQuestionsOfExerciseSet = (db: Db, setId: number) =>
  db
    .select({ id: exerciseQuestions.id, question: exerciseQuestions.question })
    .from(exerciseQuestions)
    .where(eq(exerciseQuestions.setId, setId))
    .orderBy(exerciseQuestions.id);
