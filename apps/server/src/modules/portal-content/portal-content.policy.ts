import { type ConsoleScope, hasCollegeAdminAuth, PORTAL_CONTENT_MSG } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import type { Actor } from '../sessions/actor';
import { deploymentByCode } from '../site/site.service';

/*
 * Who manages which site's content (issue 15). A site's content and settings belong to the admins of the
 * organisation whose code is the site's deployment code: the platform organisation (code `uplus`) for the
 * product site, a school for its school site, an area for its area site. An admin is a member with the qom
 * college-admin bit in that organisation, acting in it (their current organisation).
 */

/** The site the actor manages; 403 当前身份无内容管理权限 for anyone else. */
export const assertConsoleScope = async (opts: { db: Db; actor: Actor }): Promise<ConsoleScope> => {
  const m = opts.actor.membership;
  if (!m || !hasCollegeAdminAuth(opts.actor.masks.qom.toString())) {
    throw AppError.forbidden(PORTAL_CONTENT_MSG.noConsole);
  }
  const deployment = await deploymentByCode({ db: opts.db, code: m.organisationCode });
  if (!deployment) throw AppError.forbidden(PORTAL_CONTENT_MSG.noConsole);
  return {
    ownerCode: deployment.code,
    siteName: deployment.name,
    siteType: deployment.type as ConsoleScope['siteType'],
  };
};

/** A row of another site: 403 无权操作其他站点的内容. */
export const assertOwnsContent = (scope: ConsoleScope, row: { ownerCode: string }) => {
  if (row.ownerCode !== scope.ownerCode) throw AppError.forbidden(PORTAL_CONTENT_MSG.notOwner);
};
