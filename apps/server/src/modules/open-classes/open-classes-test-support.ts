import { randomBytes } from 'node:crypto';
import type { ManageCourseDetail, ManageSession, OpenCourseBodyInput, SessionBodyInput } from '@uplus/shared';
import { expect } from 'vitest';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import type { App } from '../../http/context';
import { asUser, buildOrganisation, buildSignedInMember, buildUser, tokenFor } from '../../test/factories';
import { createCompany } from '../employer/employer.service';
import { addMembership } from '../users/users.service';

/** Test helpers of the open-class API tests. */

export const OC = '/api/opencourse';
export const M = `${OC}/open_courses/manage`;
export const HOUR = 3600_000;
export const DAY = 24 * HOUR;

/** A signed-in user's client with PUT and DELETE besides GET and POST. */
export const client = (app: App, token: string) => {
  const api = asUser(app, token);
  const send = (method: 'PUT' | 'DELETE') => (url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { 'x-access-token': token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { ...api, put: send('PUT'), delete: send('DELETE') };
};
export type Client = ReturnType<typeof client>;

/** A visitor (no token). */
export const visitor = (app: App) => ({
  get: (url: string) => app.inject({ method: 'GET', url }),
  post: (url: string, payload: object) => app.inject({ method: 'POST', url, payload }),
});

/** A file row owned by `ownerId` (the bytes are not needed by these tests). */
export const fileOf = async (
  db: Db,
  ownerId: number,
  purpose: 'poster' | 'video' | 'logo',
  contentType = purpose === 'video' ? 'video/mp4' : 'image/png',
) => {
  const [row] = await db
    .insert(files)
    .values({
      storageKey: `${purpose}/test/${randomBytes(12).toString('hex')}`,
      ownerId,
      purpose,
      name: purpose === 'video' ? 'lesson.mp4' : 'poster.png',
      contentType,
      size: 1000,
    })
    .returning();
  if (!row) throw new Error('no file row');
  return row;
};

/** A business user acting for a fresh company (or without one), signed in. */
export const businessUser = async (db: Db, app: App, opts: { company?: boolean; name?: string } = {}) => {
  const user = await buildUser(db, { name: '企业用户' });
  const area = await buildOrganisation(db, { type: 'area' });
  await addMembership({ db, userId: user.id, organisationId: area.id, identityType: 'Business' });
  const company =
    opts.company === false
      ? null
      : await createCompany({ db, userId: user.id, name: opts.name ?? `测试企业${user.id}` });
  const { token } = await tokenFor(db, user.id);
  return { user, company, token, api: client(app, token) };
};

export const teacherUser = async (db: Db, app: App) => {
  const me = await buildSignedInMember(db, { identityType: 'Teacher' });
  return { ...me, api: client(app, me.token) };
};

export const studentUser = async (db: Db, app: App) => {
  const me = await buildSignedInMember(db, { identityType: 'Student' });
  return { ...me, api: client(app, me.token) };
};

export const expectOk = <T>(res: { statusCode: number; body: string; json: () => unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
};

export const expectError = (
  res: { statusCode: number; body: string; json: () => unknown },
  status: number,
  message?: string,
) => {
  expect(res.statusCode, res.body).toBe(status);
  if (message) expect((res.json() as { message: string }).message).toBe(message);
};

export const createCourse = async (api: Client, body: Partial<OpenCourseBodyInput> = {}) =>
  expectOk<ManageCourseDetail>(await api.post(M, { name: '职业规划第一课', liveMode: 'Video', ...body }));

export const addSession = async (api: Client, courseId: string, body: SessionBodyInput) =>
  expectOk<ManageSession>(await api.post(`${M}/${courseId}/sessions`, body));

/** A published course of the organiser: Video (one HLS video of 100 s) unless live sessions are given. */
export const publishedCourse = async (
  api: Client,
  opts: { body?: Partial<OpenCourseBodyInput>; sessions?: SessionBodyInput[] } = {},
) => {
  const course = await createCourse(api, opts.body);
  const sessions = opts.sessions ?? [
    { title: '第一讲', hlsUrl: 'https://cdn.example.com/a/index.m3u8', durationSeconds: 100 },
  ];
  const added = [];
  for (const s of sessions) added.push(await addSession(api, course.id, s));
  const published = expectOk<ManageCourseDetail>(await api.post(`${M}/${course.id}/publish`));
  return { ...published, sessions: added };
};
