import { type DataScreenQuery, type DataScreenSummary, MSG } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import type { Actor } from '../sessions/actor';
import { assertMayViewDataScreen } from './data-screen.policy';
import * as repo from './data-screen.repo';

/**
 * `GET /api/bigdata/data_screen/summary`: the college's figures (courses, homeworks, exercise sets,
 * teachers, students, code runs) counted now, for its leader or administrator only.
 */
export const getDataScreenSummary = async (opts: {
  db: Db;
  actor: Actor;
  query: DataScreenQuery;
  now: Date;
}): Promise<DataScreenSummary> => {
  assertMayViewDataScreen(opts.actor, opts.query.collegeCode);
  const college = await repo.findOrganisationByCode(opts.db, opts.query.collegeCode);
  // The actor is a member of it, so it exists; a vanished one reads as not permitted, never as empty.
  if (!college) throw AppError.forbidden(MSG.noViewPermission);
  const figures = await repo.countCollegeFigures(opts.db, college.id);
  return { collegeCode: college.code, collegeName: college.name, ...figures, countedAt: opts.now.getTime() };
};
