import { ASSISTANT_BASE, type ChatEvent } from '@uplus/shared';
import { expect } from 'vitest';
import { buildApp } from '../../app';
import type { Config } from '../../config/config';
import { type Database, type Db, openPostgres } from '../../db/client';
import { courseMembers } from '../../db/schema';
import type { App } from '../../http/context';
import { testConfig } from '../../test/app';
import { asUser, buildSignedInMember } from '../../test/factories';
import { createCourseRecord } from '../courses/courses.service';
import { setOrganisationPermissions } from '../organisations/organisations.service';

/* What the assistants' tests share: people in a course with organisation permissions, SSE readers. */

export const A = ASSISTANT_BASE;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A client for one user with every verb. */
export const clientOf = (app: App, token: string) => ({
  ...asUser(app, token),
  put: (url: string, payload?: unknown) =>
    app.inject({
      method: 'PUT',
      url,
      headers: { 'x-access-token': token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    }),
  delete: (url: string) => app.inject({ method: 'DELETE', url, headers: { 'x-access-token': token } }),
});

type Member = Awaited<ReturnType<typeof buildSignedInMember>>;

/** A signed-in member whose school has the given organisation permissions. */
export const memberWith = async (
  db: Db,
  identityType: 'Student' | 'Teacher' | 'Business',
  permissions: Record<string, number>,
): Promise<Member> => {
  const member = await buildSignedInMember(db, { identityType });
  await setOrganisationPermissions({ db, organisationId: member.school.id, permissions });
  return member;
};

/**
 * A course of a teacher (qabot, batch AI judge and teaching analysis on) with two students (qabot on), a
 * student of a school without qabot in it, an outsider student and another teacher with a course of their
 * own; and a teacher with qabot but neither of the teacher permissions, teaching a course of their own.
 */
export const assistantCourse = async (db: Db) => {
  const teacher = await memberWith(db, 'Teacher', { qabot: 2, batchAiQuestion: 2, aiTeachingAnalysis: 1 });
  const course = await createCourseRecord({ db, teacherId: teacher.user.id, name: '数据结构' });
  const student = await memberWith(db, 'Student', { qabot: 2 });
  const classmate = await memberWith(db, 'Student', { qabot: 2 });
  const locked = await memberWith(db, 'Student', { qabot: 1 });
  const outsider = await memberWith(db, 'Student', { qabot: 2 });
  const otherTeacher = await memberWith(db, 'Teacher', { qabot: 2 });
  const otherCourse = await createCourseRecord({ db, teacherId: otherTeacher.user.id, name: '操作系统' });
  const plainTeacher = await memberWith(db, 'Teacher', { qabot: 2, batchAiQuestion: 1 });
  const plainCourse = await createCourseRecord({ db, teacherId: plainTeacher.user.id, name: '编译原理' });
  for (const m of [student, classmate, locked]) {
    await db.insert(courseMembers).values({ courseId: course.id, userId: m.user.id, memberType: 'Student' });
  }
  return {
    teacher,
    course,
    student,
    classmate,
    locked,
    outsider,
    otherTeacher,
    otherCourse,
    plainTeacher,
    plainCourse,
  };
};

/** Reads a whole `text/event-stream` body: every block one `data: <json>` line. */
export const parseEvents = (body: string): ChatEvent[] => {
  const blocks = body.split('\n\n');
  expect(blocks.pop()).toBe('');
  return blocks.map((block) => {
    expect(block.startsWith('data: ')).toBe(true);
    return JSON.parse(block.slice('data: '.length)) as ChatEvent;
  });
};

/** The answer a client shows from a stream's `message` events (deltas appended, `replace` replacing). */
export const textOf = (events: readonly ChatEvent[], start = '') =>
  events.reduce(
    (text, e) => (e.event === 'message' ? (e.replace ? e.answer : text + e.answer) : text),
    start,
  );

/** A streaming request over real HTTP; `next()` resolves with the next event (null at the end). */
export const openStream = async (
  baseUrl: string,
  token: string,
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
) => {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', 'x-access-token': token },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    signal: abort.signal,
  });
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (): Promise<ChatEvent | null> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(':')) continue; // keep-alive comment
        return JSON.parse(block.slice('data: '.length)) as ChatEvent;
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffer += decoder.decode(value, { stream: true });
    }
  };
  /** Reads to the end; resolves with the events read. */
  const rest = async () => {
    const events: ChatEvent[] = [];
    for (let e = await next(); e; e = await next()) events.push(e);
    return events;
  };
  return { res, next, rest, abort: () => abort.abort() };
};

export const listenOn = async (app: App) => {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace('localhost', '127.0.0.1');
};

/**
 * Another app instance on the test's database (PostgreSQL: its own pool and listener; PGlite: the same
 * embedded database, as two apps in one process would share it). Close it with `close`.
 */
export const secondInstance = async (
  t: { db: Db; database: Database; driver: 'pglite' | 'pg' },
  config: Partial<Config>,
) => {
  let own: Database | null = null;
  if (t.driver === 'pg') {
    const pool = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client;
    own = await openPostgres(pool.options.connectionString, { max: 3 });
  }
  const app = await buildApp(testConfig(config), { database: own ?? t.database });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await own?.close();
    },
  };
};
