import { randomBytes } from 'node:crypto';
import type { IdentityType } from '@uplus/shared';
import type { Db } from '../db/client';
import type { App } from '../http/context';
import type { OrganisationType } from '../modules/organisations/organisations.policy';
import { createOrganisation } from '../modules/organisations/organisations.service';
import { issueSession } from '../modules/sessions/sessions.service';
import { addMembership, createUser, getStartMembership } from '../modules/users/users.service';

let counter = 0;
/** A unique suffix for codes and user names. */
export const unique = (prefix: string) => `${prefix}${++counter}${randomBytes(3).toString('hex')}`;

export const DEFAULT_TEST_PASSWORD = 'Passw0rd-test';

export const buildUser = async (
  db: Db,
  overrides: { username?: string; name?: string; password?: string; sex?: '1' | '2' } = {},
) => {
  const password = overrides.password ?? DEFAULT_TEST_PASSWORD;
  const user = await createUser({
    db,
    username: overrides.username ?? unique('user'),
    name: overrides.name ?? '测试用户',
    password,
    sex: overrides.sex,
  });
  return { ...user, password };
};

export const buildOrganisation = (
  db: Db,
  overrides: { type?: OrganisationType; parentId?: number; name?: string; code?: string } = {},
) =>
  createOrganisation({
    db,
    code: overrides.code ?? unique('ORG-'),
    name: overrides.name ?? `测试机构${counter}`,
    type: overrides.type ?? 'school',
    parentId: overrides.parentId,
  });

/** A school > college > class tree. */
export const buildSchoolTree = async (
  db: Db,
  names: { school?: string; college?: string; klass?: string } = {},
) => {
  const school = await buildOrganisation(db, { type: 'school', name: names.school ?? unique('测试大学') });
  const college = await buildOrganisation(db, {
    type: 'college',
    parentId: school.id,
    name: names.college ?? '信息学院',
  });
  const klass = await buildOrganisation(db, {
    type: 'class',
    parentId: college.id,
    name: names.klass ?? '软件2401班',
  });
  return { school, college, klass };
};

/** A user who is a member of a fresh school tree, acting in its class (or college for teachers). */
export const buildMember = async (
  db: Db,
  options: {
    identityType?: IdentityType;
    masks?: { course?: number; qom?: number };
    majorName?: string;
    password?: string;
  } = {},
) => {
  const user = await buildUser(db, { password: options.password });
  const tree = await buildSchoolTree(db);
  const identityType = options.identityType ?? 'Student';
  const membership = await addMembership({
    db,
    userId: user.id,
    organisationId: tree.school.id,
    leafOrganisationId: identityType === 'Student' ? tree.klass.id : tree.college.id,
    identityType,
    majorName: options.majorName,
    masks: options.masks,
  });
  return { user, ...tree, membership };
};

/** An access token for a user, starting in their default organisation (no password round trip). */
export const tokenFor = async (db: Db, userId: number, opts: { ttlHours?: number; now?: Date } = {}) => {
  const membership = await getStartMembership({ db, userId });
  const session = await issueSession({
    db,
    kind: 'access',
    userId,
    membershipId: membership?.id ?? null,
    ttlHours: opts.ttlHours ?? 24,
    now: opts.now ?? new Date(),
  });
  return { token: session.token, sessionId: session.id };
};

/** A member (see `buildMember`) who is signed in: with an access token, as `tokenFor` issues it. */
export const buildSignedInMember = async (db: Db, options: Parameters<typeof buildMember>[1] = {}) => {
  const member = await buildMember(db, options);
  const { token } = await tokenFor(db, member.user.id);
  return { ...member, token };
};

/** Injects a request with the access token header. */
export const asUser = (app: App, token: string) => {
  const withBody = (method: 'POST' | 'PATCH') => (url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { 'x-access-token': token },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers: { 'x-access-token': token } }),
    post: withBody('POST'),
    patch: withBody('PATCH'),
  };
};
