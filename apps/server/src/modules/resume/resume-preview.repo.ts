import { SECTION_MAX_ROWS } from '@uplus/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  resumeOnlineAwards,
  resumeOnlineEducations,
  resumeOnlineInternships,
  resumeOnlineLanguages,
  resumeOnlineSocieties,
  resumeOnlines,
} from '../../db/schema';

/*
 * The preview's reads (issue 13): the member's resume and every section in one go. Each list is bounded by
 * SECTION_MAX_ROWS (the sections refuse more) and read through its (resume_id, ...) index.
 */

export type ResumeRow = typeof resumeOnlines.$inferSelect;

/** The user's resume, made on first use (the unique index on user_id keeps it one under a race). */
export const findOrCreateResume = async (db: Db, userId: number): Promise<ResumeRow> => {
  const [found] = await db.select().from(resumeOnlines).where(eq(resumeOnlines.userId, userId)).limit(1);
  if (found) return found;
  await db.insert(resumeOnlines).values({ userId }).onConflictDoNothing();
  const [made] = await db.select().from(resumeOnlines).where(eq(resumeOnlines.userId, userId)).limit(1);
  if (!made) throw new Error(`resume of user ${userId} not made`);
  return made;
};

/** Whether resume `id` is `userId`'s. */
export const isResumeOf = async (db: Db, id: number, userId: number) =>
  (
    await db
      .select({ id: resumeOnlines.id })
      .from(resumeOnlines)
      .where(and(eq(resumeOnlines.id, id), eq(resumeOnlines.userId, userId)))
      .limit(1)
  ).length > 0;

/** Every section's rows of a resume, newest first (languages in the order added). */
export const findSections = async (db: Db, resumeId: number) => {
  const [educations, internships, societies, awards, languages] = await Promise.all([
    db
      .select()
      .from(resumeOnlineEducations)
      .where(eq(resumeOnlineEducations.resumeId, resumeId))
      .orderBy(desc(resumeOnlineEducations.graduateAt), desc(resumeOnlineEducations.id))
      .limit(SECTION_MAX_ROWS),
    db
      .select()
      .from(resumeOnlineInternships)
      .where(eq(resumeOnlineInternships.resumeId, resumeId))
      .orderBy(desc(resumeOnlineInternships.inauguralAt), desc(resumeOnlineInternships.id))
      .limit(SECTION_MAX_ROWS),
    db
      .select()
      .from(resumeOnlineSocieties)
      .where(eq(resumeOnlineSocieties.resumeId, resumeId))
      .orderBy(desc(resumeOnlineSocieties.startAt), desc(resumeOnlineSocieties.id))
      .limit(SECTION_MAX_ROWS),
    db
      .select()
      .from(resumeOnlineAwards)
      .where(eq(resumeOnlineAwards.resumeId, resumeId))
      .orderBy(desc(resumeOnlineAwards.awardedAt), desc(resumeOnlineAwards.id))
      .limit(SECTION_MAX_ROWS),
    db
      .select()
      .from(resumeOnlineLanguages)
      .where(eq(resumeOnlineLanguages.resumeId, resumeId))
      .orderBy(asc(resumeOnlineLanguages.id))
      .limit(SECTION_MAX_ROWS),
  ]);
  return { educations, internships, societies, awards, languages };
};
