import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CourseMaterial } from '@uplus/shared';
import type { Db } from '../db/client';
import { addMaterial } from '../modules/assistants/knowledge.service';

/*
 * issue 16 (as-kb): the knowledge base of teacher01's theory course 数据结构 — the course's lecture notes
 * (讲义), one note per chapter (assets/knowledge/ds-NN.md), written through the knowledge service so they are
 * cut into passages and indexed as a teacher's notes are. The retrieval evaluation
 * (scripts/eval/knowledge-harness.ts) asks its labelled questions over the same notes.
 */

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets', 'knowledge');

export const DEMO_KNOWLEDGE_PREFIX = '数据结构讲义·';

/** The lecture notes, in chapter order: the note's title (from its `#` heading) and markdown body. */
export const demoLectureNotes = (): { title: string; body: string }[] =>
  readdirSync(DIR)
    .filter((f) => /^ds-\d+\.md$/.test(f))
    .sort()
    .map((f) => {
      const body = readFileSync(path.join(DIR, f), 'utf8');
      const heading = /^#\s+(.+)$/m.exec(body)?.[1]?.trim() ?? f;
      return { title: `${DEMO_KNOWLEDGE_PREFIX}${heading}`, body };
    });

/** Writes the course's lecture notes as notes of `teacherId` (in chapter order: the newest is the last). */
export const seedDemoKnowledge = async (opts: {
  db: Db;
  courseId: number;
  teacherId: number;
}): Promise<CourseMaterial[]> => {
  const out: CourseMaterial[] = [];
  for (const note of demoLectureNotes()) {
    out.push(
      await addMaterial({
        db: opts.db,
        courseId: opts.courseId,
        createdBy: opts.teacherId,
        kind: 'Note',
        title: note.title,
        body: note.body,
      }),
    );
  }
  return out;
};
