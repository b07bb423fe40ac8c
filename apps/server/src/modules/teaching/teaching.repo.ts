import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, exerciseQuestions, exerciseSets, homeworkQuestions, homeworks } from '../../db/schema';

/** A homework of a course, with the course's name and teacher; null when none or of another course. */
export const findHomeworkInCourse = async (db: Db, courseId: number, homeworkId: number) => {
  const [row] = await db
    .select({
      id: homeworks.id,
      name: homeworks.name,
      courseId: courses.id,
      courseName: courses.name,
      teacherId: courses.teacherId,
    })
    .from(homeworks)
    .innerJoin(courses, eq(courses.id, homeworks.courseId))
    .where(and(eq(homeworks.id, homeworkId), eq(homeworks.courseId, courseId)))
    .limit(1);
  return row ?? null;
};

/** An exercise set of a course, with the course's name and teacher; null when none or of another course. */
export const findExerciseSetInCourse = async (db: Db, courseId: number, setId: number) => {
  const [row] = await db
    .select({
      id: exerciseSets.id,
      name: exerciseSets.name,
      courseId: courses.id,
      courseName: courses.name,
      teacherId: courses.teacherId,
    })
    .from(exerciseSets)
    .innerJoin(courses, eq(courses.id, exerciseSets.courseId))
    .where(and(eq(exerciseSets.id, setId), eq(exerciseSets.courseId, courseId)))
    .limit(1);
  return row ?? null;
};

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
