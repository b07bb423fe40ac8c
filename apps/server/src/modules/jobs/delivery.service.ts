import type { Db } from '../../db/client';
import { findLiveDelivery } from './delivery.repo';

/*
 * Deliveries (issue 14, career spec sections 4, 6, 7): a job seeker delivers a resume to a position or an
 * internship programme, and may cancel it while the company has not answered.
 */

/**
 * Contract: the asker's live delivery to a position or programme (`record` and `feedBack` of the job
 * detail), or null (also for visitors).
 */
export const liveDeliveryOf = async (opts: {
  db: Db;
  userId: number | null;
  target: { occupationId: number } | { internGroupId: number };
}): Promise<{ id: number; feedBack: boolean } | null> => {
  if (opts.userId == null) return null;
  const found = await findLiveDelivery(opts.db, opts.userId, opts.target);
  return found ? { id: found.delivery.id, feedBack: found.feedbackCount > 0 } : null;
};
