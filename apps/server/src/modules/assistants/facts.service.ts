import type { Db } from '../../db/client';
import type { Actor } from '../sessions/actor';
import type { GuardQuestion } from './prompts/guard';

/*
 * SEAM (issue 16): what the server reads from other areas (through their services) to give the model.
 * Owner: helper as-prompts. Each returns text blocks with a title, or an empty list.
 */
export type Fact = { title: string; text: string };

/** A published catalogue item (DoExperiment, DoPractice, PreviewCourseware): its title and text. */
export const contentFacts = async (_opts: {
  db: Db;
  contentId: number;
}): Promise<{ title: string; facts: Fact[] } | null> => null;

/** The questions of the homework being answered, for the guard (titles to the model, answers to the check). */
export const guardQuestionsOf = async (_opts: {
  db: Db;
  actor: Actor;
  courseId: number;
  homeworkId: number | undefined;
}): Promise<GuardQuestion[]> => [];

/** The career mentor's facts: the student's resume, intention and deliveries (only with consent). */
export const mentorFacts = async (_opts: { db: Db; actor: Actor }): Promise<Fact[]> => [];

/** The teaching assistant's facts for a task (共性洞察, 课程分析 read the course's homework figures). */
export const teacherFacts = async (_opts: {
  db: Db;
  actor: Actor;
  courseId: number;
  task: string | null;
}): Promise<Fact[]> => [];
