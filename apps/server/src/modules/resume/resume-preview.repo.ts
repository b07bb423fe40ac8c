import { SECTION_MAX_ROWS } from '@uplus/shared';
import { desc, eq } from 'drizzle-orm';
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
 * The preview's reads (issue 13): every section of a resume in one go, in the order of the sections' own
 * lists (resume.repo.ts). Each list is bounded by SECTION_MAX_ROWS (the sections refuse more) and read
 * through its (resume_id, ...) index.
 */

/** The user a resume belongs to; null when there is no such resume. */
export const findResumeOwner = async (db: Db, id: number): Promise<number | null> => {
  const [row] = await db
    .select({ userId: resumeOnlines.userId })
    .from(resumeOnlines)
    .where(eq(resumeOnlines.id, id))
    .limit(1);
  return row?.userId ?? null;
};

/** Every section's rows of a resume, newest first, as the sections' own lists order them. */
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
      .orderBy(desc(resumeOnlineLanguages.id))
      .limit(SECTION_MAX_ROWS),
  ]);
  return { educations, internships, societies, awards, languages };
};
