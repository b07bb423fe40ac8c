import { type ConsoleScope, type ContentInput, QOM_COLLEGE_ADMIN_BIT } from '@uplus/shared';
import type { Db } from '../../db/client';
import type { App } from '../../http/context';
import { buildOrganisation, buildSchoolTree, buildUser, tokenFor, unique } from '../../test/factories';
import { createDeployment, createSchool, ensureDefaultDeployment } from '../site/site.service';
import { addMembership } from '../users/users.service';
import { createContent, publishContent } from './portal-content.service';

/* Test helpers of portal content: sites with their admins, members, a client that names a host. */

export type TestSite = {
  code: string;
  host: string;
  scope: ConsoleScope;
  /** the school record's id (school sites) */
  schoolId: string;
  /** the organisation the site's code names */
  organisationId: number;
  admin: { userId: number; token: string };
};

/** A user with a membership in an organisation (optionally with the college-admin bit), signed in. */
export const memberOf = async (
  db: Db,
  organisationId: number,
  opts: { identityType?: 'Student' | 'Teacher'; admin?: boolean; leafId?: number } = {},
) => {
  const user = await buildUser(db);
  await addMembership({
    db,
    userId: user.id,
    organisationId,
    leafOrganisationId: opts.leafId,
    identityType: opts.identityType ?? 'Teacher',
    masks: opts.admin ? { qom: QOM_COLLEGE_ADMIN_BIT } : undefined,
  });
  const { token } = await tokenFor(db, user.id);
  return { userId: user.id, token };
};

/** The product site (code uplus) with its platform organisation and an admin. */
export const productSite = async (db: Db): Promise<TestSite> => {
  const deployment = await ensureDefaultDeployment({ db });
  const platform = await buildOrganisation(db, { type: 'platform', code: deployment.code, name: '优加平台' });
  return {
    code: deployment.code,
    host: 'localhost',
    scope: { ownerCode: deployment.code, siteName: deployment.name, siteType: '' },
    schoolId: '',
    organisationId: platform.id,
    admin: await memberOf(db, platform.id, { admin: true }),
  };
};

/** A school site (a school organisation, its school record and deployment on its own host) with an admin. */
export const schoolSite = async (
  db: Db,
  name = unique('测试大学'),
): Promise<TestSite & { klassId: number }> => {
  const tree = await buildSchoolTree(db, { school: name });
  const host = `${unique('school').toLowerCase()}.localhost`;
  const school = await createSchool({ db, code: unique('SCH'), name, organisationId: tree.school.id });
  await createDeployment({
    db,
    code: tree.school.code,
    name,
    type: 'school',
    hosts: [host],
    schoolCode: school.code,
  });
  return {
    code: tree.school.code,
    host,
    scope: { ownerCode: tree.school.code, siteName: name, siteType: 'school' },
    schoolId: school.id,
    organisationId: tree.school.id,
    klassId: tree.klass.id,
    admin: await memberOf(db, tree.school.id, { admin: true, leafId: tree.college.id }),
  };
};

/** An area site with an admin. */
export const areaSite = async (db: Db): Promise<TestSite> => {
  const area = await buildOrganisation(db, { type: 'area', name: unique('测试区域') });
  const host = `${unique('area').toLowerCase()}.localhost`;
  await createDeployment({ db, code: area.code, name: area.name, type: 'area', hosts: [host] });
  return {
    code: area.code,
    host,
    scope: { ownerCode: area.code, siteName: area.name, siteType: 'area' },
    schoolId: '',
    organisationId: area.id,
    admin: await memberOf(db, area.id, { admin: true }),
  };
};

/** Creates a row of a site through the service (published unless told otherwise); answers its id. */
export const addContent = async (
  db: Db,
  site: Pick<TestSite, 'scope'>,
  input: ContentInput,
  opts: { publish?: boolean; now?: Date } = {},
): Promise<string> => {
  const created = await createContent({ db, scope: site.scope, input });
  if (opts.publish ?? true) await publishContent({ db, scope: site.scope, id: created.id, now: opts.now });
  return created.id;
};

type Res = Awaited<ReturnType<App['inject']>>;

/** Requests with an optional token, on an optional host. */
export const client = (app: App, token: string | null = null, host?: string) => {
  const headers = { ...(token ? { 'x-access-token': token } : {}), ...(host ? { host } : {}) };
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<Res> =>
    app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: unknown) => send('POST', url, payload),
    put: (url: string, payload?: unknown) => send('PUT', url, payload),
    delete: (url: string) => send('DELETE', url),
  };
};
