import type { Db } from '../../db/client';

/*
 * SEAM (issue 16 part 6): a course's knowledge base. Owner: helper as-kb (materials, segmentation,
 * passages, retrieval, the passage a citation opens). The runner calls `retrievePassages`.
 */
export type RetrievedPassage = {
  passageId: number;
  materialId: number;
  materialTitle: string;
  heading: string | null;
  text: string;
  score: number;
};

/** Baseline until as-kb lands: nothing found. */
export const retrievePassages = async (_opts: {
  db: Db;
  courseId: number;
  query: string;
  limit: number;
}): Promise<RetrievedPassage[]> => [];

/** Whether the course has indexed passages (the context's hasKnowledge). */
export const hasKnowledge = async (_opts: { db: Db; courseId: number }): Promise<boolean> => false;
