import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { type Database, type Db, openPostgres } from '../../db/client';
import { createNotificationBus, type NotificationBus } from '../../db/notify';
import type { App } from '../../http/context';
import { testConfig, useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildMember, buildSchoolTree, tokenFor } from '../../test/factories';
import { IDP_COOKIE } from '../idp/idp.routes';
import { openLoginForm } from '../idp/idp-test-support';
import { addMembership, changeName, setMembershipMask } from '../users/users.service';
import * as repo from './sessions.repo';
import { revokeSession } from './sessions.service';

const BASIC_INFO = '/api/portal/users/basic_info';
const REFRESH = '/api/base/session/refresh_token';
const TTL_MS = 10 * 60_000;
const cacheConfig = { sessionCache: { enabled: true, ttlMs: TTL_MS, maxEntries: 1000 } };

/** Counts the queries an app sends through `db` (PGlite and the `pg` pool both go through `query`). */
const countQueries = (db: Db) => {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  return {
    count: () => spy.mock.calls.length,
    reset: () => spy.mockClear(),
    restore: () => spy.mockRestore(),
  };
};

/** Polls `check` until it holds, up to `timeoutMs` (a change on another instance arrives by NOTIFY). */
const waitFor = async (check: () => Promise<boolean> | boolean, timeoutMs = 2000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const connectionStringOf = (db: Db) =>
  (db as unknown as { $client: pg.Pool }).$client.options.connectionString as string;

/** A member of two schools (acting in the first) with one access token. */
const memberOfTwo = async (db: Db) => {
  const member = await buildMember(db, { masks: { course: 1, qom: 0 } });
  const other = await buildSchoolTree(db, { school: '第二学校' });
  await addMembership({
    db,
    userId: member.user.id,
    organisationId: other.school.id,
    leafOrganisationId: other.college.id,
    identityType: 'Teacher',
  });
  const { token, sessionId } = await tokenFor(db, member.user.id);
  return { ...member, other, token, sessionId };
};

/** Signs in at the identity provider and changes the password on its profile page. */
const changePasswordAtIdp = async (app: App, username: string, oldPassword: string) => {
  const form = await openLoginForm(app);
  const login = await app.inject({
    method: 'POST',
    url: '/idp/login',
    payload: new URLSearchParams({
      username,
      password: oldPassword,
      redirect: '/authorize',
      _csrf: form.csrf,
    }).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      host: 'localhost:3000',
      cookie: form.cookie,
    },
    remoteAddress: '10.9.0.1',
  });
  const value = login.cookies.find((c) => c.name === IDP_COOKIE)?.value;
  expect(value).toBeDefined();
  const cookie = `${IDP_COOKIE}=${value}`;
  const page = await app.inject({ method: 'GET', url: '/idp/profile', headers: { cookie } });
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)![1]!;
  const res = await app.inject({
    method: 'POST',
    url: '/idp/profile/password',
    payload: new URLSearchParams({
      _csrf: csrf,
      oldPassword,
      newPassword: 'Another-pass-1',
      confirmPassword: 'Another-pass-1',
    }).toString(),
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: '10.9.0.1',
  });
  expect(res.statusCode).toBe(303);
};

describe.each(testDrivers())('session cache on %s', (driver) => {
  const t = useTestApp(driver, { config: cacheConfig });

  it('reads a session from the database once, then answers without a query', async () => {
    const { user } = await buildMember(t.db);
    const { token } = await tokenFor(t.db, user.id);
    const queries = countQueries(t.db);
    try {
      const first = await asUser(t.app, token).get(BASIC_INFO);
      expect(first.statusCode).toBe(200);
      expect(queries.count()).toBeGreaterThanOrEqual(1);
      queries.reset();
      for (let i = 0; i < 3; i++) {
        const res = await asUser(t.app, token).get(BASIC_INFO);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.userid).toBe(String(user.id));
      }
      expect(queries.count()).toBe(0);
    } finally {
      queries.restore();
    }
  });

  it('logout: the very next request with the token is 401; the user’s other token still works', async () => {
    const { user, token } = await memberOfTwo(t.db);
    const other = await tokenFor(t.db, user.id);
    expect((await asUser(t.app, token).get(BASIC_INFO)).statusCode).toBe(200);
    expect((await asUser(t.app, other.token).get(BASIC_INFO)).statusCode).toBe(200);
    expect((await asUser(t.app, token).post('/api/base/logout')).statusCode).toBe(200);
    expect((await asUser(t.app, token).get(BASIC_INFO)).statusCode).toBe(401);
    expect((await asUser(t.app, other.token).get(BASIC_INFO)).statusCode).toBe(200);
  });

  it('the expiry is checked on the cached session: 401 without a query once the clock passes it', async () => {
    const { user } = await buildMember(t.db);
    const { token } = await tokenFor(t.db, user.id, { ttlHours: 0.05 }); // 3 minutes, below the cache TTL
    const queries = countQueries(t.db);
    try {
      // Until the token is answered from the cache: the logout notice of the test before may still
      // arrive over LISTEN and drop a load in flight (the cache keeps no load that a notice overtook).
      await waitFor(async () => {
        queries.reset();
        expect((await asUser(t.app, token).get(REFRESH)).statusCode).toBe(200);
        return queries.count() === 0;
      });
      queries.reset();
      t.clock.advance(2 * 60_000);
      expect((await asUser(t.app, token).get(REFRESH)).statusCode).toBe(200);
      t.clock.advance(2 * 60_000);
      expect((await asUser(t.app, token).get(REFRESH)).statusCode).toBe(401);
      // no read; only the last_seen_at write of the request at 2 minutes
      expect(queries.count()).toBe(1);
    } finally {
      queries.restore();
      t.clock.reset();
    }
  });

  it('a write that tells nobody is seen after the TTL at the latest', async () => {
    const { user } = await buildMember(t.db);
    const { token, sessionId } = await tokenFor(t.db, user.id);
    try {
      expect((await asUser(t.app, token).get(BASIC_INFO)).statusCode).toBe(200);
      await repo.revokeSession(t.db, sessionId, new Date()); // behind the service's back
      expect((await asUser(t.app, token).get(BASIC_INFO)).statusCode).toBe(200);
      t.clock.advance(TTL_MS);
      expect((await asUser(t.app, token).get(BASIC_INFO)).statusCode).toBe(401);
    } finally {
      t.clock.reset();
    }
  });

  it('an organisation switch, a name change and a mask change show on the very next request', async () => {
    const { user, school, other, token, membership } = await memberOfTwo(t.db);
    const basic = async () => (await asUser(t.app, token).get(BASIC_INFO)).json().data;
    expect((await basic()).organId).toBe(String(school.id));
    expect((await asUser(t.app, token).get(REFRESH)).json().data.pms).toEqual({ course: 1, qom: 0 });

    await setMembershipMask({ db: t.db, membershipId: membership.id, module: 'qom', mask: 6n });
    expect((await asUser(t.app, token).get(REFRESH)).json().data.pms).toEqual({ course: 1, qom: 6 });

    await changeName({ db: t.db, userId: user.id, name: '改过的名字', now: new Date() });
    expect((await basic()).name).toBe('改过的名字');

    const res = await asUser(t.app, token).post('/api/portal/users/switch', {
      switchToOrganId: String(other.school.id),
    });
    expect(res.statusCode).toBe(200);
    expect(await basic()).toMatchObject({ organId: String(other.school.id), organIdentityType: 'Teacher' });
  });

  it('a password change ends the other sessions at once', async () => {
    const { user, token } = await memberOfTwo(t.db);
    expect((await asUser(t.app, token).get(BASIC_INFO)).statusCode).toBe(200);
    await changePasswordAtIdp(t.app, user.username, user.password);
    expect((await asUser(t.app, token).get(BASIC_INFO)).statusCode).toBe(401);
  });
});

describe.each(testDrivers())('SESSION_CACHE=off on %s', (driver) => {
  const t = useTestApp(driver, { config: { sessionCache: { enabled: false, ttlMs: 0, maxEntries: 1 } } });

  it('reads the session on every request; revocation, expiry and switches still count', async () => {
    const { user, other, token, sessionId } = await memberOfTwo(t.db);
    const queries = countQueries(t.db);
    try {
      expect((await asUser(t.app, token).get(BASIC_INFO)).statusCode).toBe(200);
      queries.reset();
      expect((await asUser(t.app, token).get(BASIC_INFO)).statusCode).toBe(200);
      expect(queries.count()).toBeGreaterThanOrEqual(1);
    } finally {
      queries.restore();
    }
    await asUser(t.app, token).post('/api/portal/users/switch', { switchToOrganId: String(other.school.id) });
    expect((await asUser(t.app, token).get(BASIC_INFO)).json().data.organId).toBe(String(other.school.id));
    await repo.revokeSession(t.db, sessionId, new Date()); // without a cache nothing needs telling
    expect((await asUser(t.app, token).get(BASIC_INFO)).statusCode).toBe(401);
    const short = await tokenFor(t.db, user.id, { ttlHours: 0.05 });
    t.clock.advance(4 * 60_000);
    try {
      expect((await asUser(t.app, short.token).get(BASIC_INFO)).statusCode).toBe(401);
    } finally {
      t.clock.reset();
    }
  });
});

describe.runIf(testDrivers().includes('pg'))('session cache across two instances on pg', () => {
  const t = useTestApp('pg', { config: cacheConfig });
  let secondDatabase: Database;
  let b: App;
  beforeAll(async () => {
    secondDatabase = await openPostgres(connectionStringOf(t.db), { max: 2 });
    b = await buildApp(testConfig(cacheConfig), { database: secondDatabase });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await secondDatabase?.close();
  });

  /** Both instances hold the token; B answers it from its cache (no query), so B depends on the notice. */
  const cachedOnBoth = async (token: string) => {
    expect((await asUser(t.app, token).get(BASIC_INFO)).statusCode).toBe(200);
    expect((await asUser(b, token).get(BASIC_INFO)).statusCode).toBe(200);
    const queries = countQueries(secondDatabase.db);
    try {
      expect((await asUser(b, token).get(BASIC_INFO)).statusCode).toBe(200);
      expect(queries.count()).toBe(0);
    } finally {
      queries.restore();
    }
  };
  const statusOnB = async (token: string) => (await asUser(b, token).get(BASIC_INFO)).statusCode;

  it('a logout on A is a 401 on B within a short wait', async () => {
    const { token } = await memberOfTwo(t.db);
    await cachedOnBoth(token);
    expect((await asUser(t.app, token).post('/api/base/logout')).statusCode).toBe(200);
    await waitFor(async () => (await statusOnB(token)) === 401);
  });

  it('an organisation switch and a name change on A show on B', async () => {
    const { other, token } = await memberOfTwo(t.db);
    await cachedOnBoth(token);
    await asUser(t.app, token).post('/api/portal/users/switch', { switchToOrganId: String(other.school.id) });
    await waitFor(
      async () => (await asUser(b, token).get(BASIC_INFO)).json().data.organId === String(other.school.id),
    );
    const { user } = await memberOfTwo(t.db);
    const second = await tokenFor(t.db, user.id);
    await cachedOnBoth(second.token);
    await changeName({ db: t.db, userId: user.id, name: '另一个名字', now: new Date() });
    await waitFor(
      async () => (await asUser(b, second.token).get(BASIC_INFO)).json().data.name === '另一个名字',
    );
  });

  it('a password change at the identity provider on A ends the user’s other sessions on B', async () => {
    const { user, token } = await memberOfTwo(t.db);
    await cachedOnBoth(token);
    await changePasswordAtIdp(t.app, user.username, user.password);
    await waitFor(async () => (await statusOnB(token)) === 401);
  });

  it('while its listener is down an instance serves no session from its cache; cached again once back', async () => {
    // Instance C with its own listener name and a slow reconnect, so the test sees it down.
    const third = await openPostgres(connectionStringOf(t.db), { max: 2 });
    const bus: NotificationBus = createNotificationBus({
      db: third.db,
      driver: 'pg',
      log: { warn: () => undefined },
      options: { reconnectMinMs: 3000, reconnectMaxMs: 3000, applicationName: 'uplus-listener-test-c' },
    });
    const c = await buildApp(testConfig(cacheConfig), { database: third, notifications: bus });
    const admin = new pg.Client({ connectionString: connectionStringOf(t.db) });
    try {
      await c.ready();
      await bus.start();
      await admin.connect();
      const first = await memberOfTwo(t.db);
      const second = await memberOfTwo(t.db);
      const queries = countQueries(third.db);
      const statusOnC = async (token: string) => (await asUser(c, token).get(BASIC_INFO)).statusCode;

      expect(await statusOnC(first.token)).toBe(200);
      queries.reset();
      expect(await statusOnC(first.token)).toBe(200);
      expect(queries.count()).toBe(0);

      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1',
        ['uplus-listener-test-c'],
      );
      expect(killed.rowCount).toBe(1);
      await waitFor(() => !bus.isConnected());

      // Down: every request reads the database, and a revocation C was not told of counts at once.
      queries.reset();
      expect(await statusOnC(first.token)).toBe(200);
      expect(queries.count()).toBeGreaterThanOrEqual(1);
      await revokeSession({ db: secondDatabase.db, sessionId: first.sessionId, now: new Date() });
      expect(await statusOnC(first.token)).toBe(401);
      queries.reset();
      expect(await statusOnC(second.token)).toBe(200);
      expect(await statusOnC(second.token)).toBe(200);
      expect(queries.count()).toBeGreaterThanOrEqual(2);
      expect(bus.isConnected()).toBe(false); // all of the above happened while down

      await waitFor(() => bus.isConnected(), 10_000);
      expect(await statusOnC(second.token)).toBe(200);
      queries.reset();
      expect(await statusOnC(second.token)).toBe(200);
      expect(queries.count()).toBe(0);
      // and notifications flow again
      await revokeSession({ db: secondDatabase.db, sessionId: second.sessionId, now: new Date() });
      await waitFor(async () => (await statusOnC(second.token)) === 401);
      queries.restore();
    } finally {
      await admin.end();
      await c.close();
      await bus.close();
      await third.close();
    }
  });
});
