import {
  type DataCubePermit,
  type DataScreenQuery,
  type DataScreenSummary,
  MSG,
  SITE_SETTINGS_MSG,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import type { Actor } from '../sessions/actor';
import * as site from '../site/site.service';
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

/**
 * `GET /api/bigdata/data_cube_configs/college_config/permit?collegeId=` (issue 15): the data cube address
 * (DATA_CUBE_URL of the college's code) for that college's leader or administrator, like the data screen:
 * anyone else 403 当前用户无查看权限; an unknown college 404; no address 404 数据魔方尚未配置.
 */
export const getDataCubePermit = async (opts: {
  db: Db;
  actor: Actor;
  collegeId: number;
}): Promise<DataCubePermit> => {
  const college = await site.collegeById({ db: opts.db, id: opts.collegeId });
  if (!college) throw AppError.notFound('学院不存在');
  assertMayViewDataScreen(opts.actor, college.code);
  const cubeAddress = await site.getCollegeConfigValue({
    db: opts.db,
    code: college.code,
    key: 'DATA_CUBE_URL',
  });
  if (!cubeAddress) throw AppError.notFound(SITE_SETTINGS_MSG.cubeNotConfigured);
  return { cubeAddress };
};
