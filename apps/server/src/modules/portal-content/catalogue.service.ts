import { type ContentCard, type CourseSystemMatrix, MSG, PORTAL_CONTENT_MSG, readAttrs } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import type { Actor } from '../sessions/actor';
import { schoolSiteById } from '../site/site.service';
import * as repo from './portal-content.repo';
import { cardOf, parseIds, productCode } from './portal-content.service';

/*
 * The catalogue calls of portal spec 7 (issue 15), answered from portal content: a school's exclusive
 * course resources and train cases (the course and project rows of the school's own site), its course
 * systems (courseSystem rows) and their matrices, and whether the asker may open a resource.
 * A school is named by its id (GET /api/base/schools/{code} -> id); its site is the deployment whose
 * SCHOOL_CODE is the school's code.
 */

/** At most this many rows in a school's resource list (the lists are not paged: spec 7 reads them whole). */
export const EXCLUSIVE_LIST_MAX = 200;

/** The school's site code; 404 学校不存在 for an unknown school, null for a school without a site. */
const schoolSiteCode = async (db: Db, schoolId: string): Promise<string | null> => {
  const found = await schoolSiteById({ db, schoolId: Number(schoolId) });
  if (!found) throw AppError.notFound('学校不存在');
  return found.deployment?.code ?? null;
};

/** A school site's published rows of a kind: the given ids in their order, or all in the site order. */
const exclusives = async (opts: {
  db: Db;
  schoolId: string;
  ids?: string;
  kind: 'course' | 'project';
}): Promise<ContentCard[]> => {
  const code = await schoolSiteCode(opts.db, opts.schoolId);
  if (!code) return [];
  const ids = parseIds(opts.ids, EXCLUSIVE_LIST_MAX);
  if (ids) {
    const found = new Map(
      (await repo.publishedByIds(opts.db, { codes: [code], ids, kinds: [opts.kind] })).map((r) => [r.id, r]),
    );
    return ids.flatMap((id) => {
      const r = found.get(id);
      return r ? [cardOf(r)] : [];
    });
  }
  const { rows } = await repo.pagePublic(opts.db, {
    codes: [code],
    kinds: [opts.kind],
    dated: false,
    limit: EXCLUSIVE_LIST_MAX,
    offset: 0,
  });
  return rows.map((r) => cardOf(r));
};

/** `GET course/exclusives/school/{schoolId}/course_resources`: the school site's own published courses. */
export const courseResources = (opts: { db: Db; schoolId: string; ids?: string }) =>
  exclusives({ ...opts, kind: 'course' });

/** `GET course/exclusives/school/{schoolId}/traincases`: the school site's own published projects. */
export const trainCases = (opts: { db: Db; schoolId: string; ids?: string }) =>
  exclusives({ ...opts, kind: 'project' });

/** `GET course/course_systems?school=`: the school site's published course systems (name, sort). */
export const courseSystems = async (opts: { db: Db; schoolId: string }) => {
  const code = await schoolSiteCode(opts.db, opts.schoolId);
  if (!code) return [];
  const { rows } = await repo.pagePublic(opts.db, {
    codes: [code],
    kinds: ['courseSystem'],
    dated: false,
    limit: EXCLUSIVE_LIST_MAX,
    offset: 0,
  });
  return rows.map((r) => ({ id: String(r.id), name: r.title, sort: r.sort }));
};

/**
 * `GET course/course_system_items/matrix?systemId=`: a published course system's columns and rows with
 * the published courses of its cells (its site's or the product site's; removed ones are left out).
 */
export const courseSystemMatrix = async (opts: { db: Db; systemId: string }): Promise<CourseSystemMatrix> => {
  const system = await repo.findContent(opts.db, Number(opts.systemId));
  if (system?.kind !== 'courseSystem' || system.status !== 'Published') {
    throw AppError.notFound(PORTAL_CONTENT_MSG.notFound);
  }
  const attrs = readAttrs('courseSystem', system.attrs);
  const product = await productCode(opts.db);
  const codes = product && product !== system.ownerCode ? [system.ownerCode, product] : [system.ownerCode];
  const ids = [...new Set(attrs.rows.flatMap((r) => r.cells.flat()).map(Number))];
  const cards = new Map(
    (await repo.publishedByIds(opts.db, { codes, ids, kinds: ['course'] })).map((r) => [r.id, cardOf(r)]),
  );
  return {
    columns: attrs.columns,
    rows: attrs.rows.map((r) => ({
      title: r.title,
      cells: attrs.columns.map((_, i) =>
        (r.cells[i] ?? []).flatMap((id) => {
          const card = cards.get(Number(id));
          return card ? [card] : [];
        }),
      ),
    })),
  };
};

/**
 * `GET course/course_system_items/permit/authority?resourceId=&resourceType=`: whether the asker may open
 * a published course, experiment or project (404 内容不存在或已下线 for none). Visitors: 请先登录. The
 * product site's resources are open to everyone signed in; a school or area site's own ones to members of
 * that organisation (暂未对您的学校开放 for others).
 */
export const resourcePermit = async (opts: {
  db: Db;
  actor: Actor | null;
  resourceId: string;
  resourceType: 'course' | 'experiment' | 'project';
}): Promise<{ permit: boolean; message: string }> => {
  const r = await repo.findContent(opts.db, Number(opts.resourceId));
  if (!r || r.kind !== opts.resourceType || r.status !== 'Published') {
    throw AppError.notFound(PORTAL_CONTENT_MSG.notFound);
  }
  if (!opts.actor) return { permit: false, message: PORTAL_CONTENT_MSG.needLogin };
  if (r.ownerCode === (await productCode(opts.db))) return { permit: true, message: '' };
  return opts.actor.membership?.organisationCode === r.ownerCode
    ? { permit: true, message: '' }
    : { permit: false, message: MSG.schoolNotOpen };
};
