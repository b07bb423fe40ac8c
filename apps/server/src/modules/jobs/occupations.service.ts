import type { Db } from '../../db/client';
import { countOnlineOccupations, findOccupations } from './occupations.repo';

/*
 * Positions (issue 14): a company's recruitment positions, put online and offline by its business users,
 * and what job seekers read of them.
 */

export type { OccupationRow } from './occupations.repo';

/** Contract: how many online positions each company has (occupationCount of a company card). */
export const onlineOccupationCounts = (opts: { db: Db; companyIds: readonly number[] }) =>
  countOnlineOccupations(opts.db, opts.companyIds);

/** Contract: positions by id, any state (other areas shape what they show). */
export const occupationsByIds = (opts: { db: Db; ids: readonly number[] }) =>
  findOccupations(opts.db, opts.ids);
