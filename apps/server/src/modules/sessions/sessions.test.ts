import { COURSE_COLLEGE_LEADER_BIT, MSG } from '@uplus/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildMember, buildUser, tokenFor } from '../../test/factories';
import { revokeSession, setSessionExpiry } from './sessions.service';
import { hashToken, newToken } from './tokens';

describe.each(testDrivers())('sessions on %s', (driver) => {
  const t = useTestApp(driver);

  const expect401 = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, code: 401, message: MSG.unauthorized, data: null });
  };

  it('verify answers the user, membership, role and expiry for a valid token', async () => {
    const { user, membership } = await buildMember(t.db, { identityType: 'Teacher' });
    const { token } = await tokenFor(t.db, user.id);
    const res = await asUser(t.app, token).get('/api/login/verify');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 200 });
    expect(body.data).toMatchObject({
      valid: true,
      userid: String(user.id),
      memberId: String(membership.id),
      username: user.username,
      role: 'Teacher',
    });
    expect(body.data.expiresAt).toBeGreaterThan(Date.now());
  });

  it('401 without a token, with a malformed one and with an unknown one', async () => {
    expect401(await t.app.inject({ method: 'GET', url: '/api/login/verify' }));
    expect401(await asUser(t.app, 'not-a-token').get('/api/login/verify'));
    expect401(await asUser(t.app, newToken()).get('/api/base/session/refresh_token'));
    expect401(await t.app.inject({ method: 'GET', url: '/api/portal/users/basic_info' }));
  });

  it('401 for an expired token', async () => {
    const { user } = await buildMember(t.db);
    const { token, sessionId } = await tokenFor(t.db, user.id);
    expect((await asUser(t.app, token).get('/api/login/verify')).statusCode).toBe(200);
    await setSessionExpiry({ db: t.db, sessionId, expiresAt: new Date(Date.now() - 1000) });
    expect401(await asUser(t.app, token).get('/api/login/verify'));
  });

  it('401 once the clock passes the expiry', async () => {
    const { user } = await buildMember(t.db);
    const { token } = await tokenFor(t.db, user.id, { ttlHours: 1 });
    t.clock.advance(2 * 3_600_000);
    try {
      expect401(await asUser(t.app, token).get('/api/base/session/refresh_token'));
    } finally {
      t.clock.reset();
    }
  });

  it('writes last_seen_at at most once a minute, while a revocation counts on the very next request', async () => {
    const { user } = await buildMember(t.db);
    const { token, sessionId } = await tokenFor(t.db, user.id);
    const lastSeen = async () => {
      const [row] = await t.db
        .select({ at: sessions.lastSeenAt })
        .from(sessions)
        .where(eq(sessions.id, sessionId));
      return row!.at.getTime();
    };
    try {
      expect((await asUser(t.app, token).get('/api/portal/users/basic_info')).statusCode).toBe(200);
      const first = await lastSeen();
      t.clock.advance(30_000);
      expect((await asUser(t.app, token).get('/api/portal/users/basic_info')).statusCode).toBe(200);
      expect(await lastSeen()).toBe(first);
      t.clock.advance(61_000);
      expect((await asUser(t.app, token).get('/api/portal/users/basic_info')).statusCode).toBe(200);
      expect(await lastSeen()).toBeGreaterThan(first + 60_000);
      await revokeSession({ db: t.db, sessionId, now: new Date() });
      expect401(await asUser(t.app, token).get('/api/portal/users/basic_info'));
    } finally {
      t.clock.reset();
    }
  });

  it('logout revokes the token; the revoked token is 401 everywhere', async () => {
    const { user } = await buildMember(t.db);
    const { token } = await tokenFor(t.db, user.id);
    const other = await tokenFor(t.db, user.id);
    const res = await asUser(t.app, token).post('/api/base/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, code: 200, data: null });
    expect401(await asUser(t.app, token).get('/api/login/verify'));
    expect401(await asUser(t.app, token).get('/api/portal/users/basic_info'));
    expect401(await asUser(t.app, token).post('/api/base/logout'));
    // another session of the same user stays valid
    expect((await asUser(t.app, other.token).get('/api/login/verify')).statusCode).toBe(200);
  });

  it('logout accepts a JSON POST with an empty body', async () => {
    const { user } = await buildMember(t.db);
    const { token } = await tokenFor(t.db, user.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/base/logout',
      headers: { 'x-access-token': token, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refresh_token answers the organisation and the masks as numbers', async () => {
    const { user, school, klass } = await buildMember(t.db, {
      majorName: '软件工程',
      masks: { course: COURSE_COLLEGE_LEADER_BIT + 4, qom: 2 },
    });
    const { token } = await tokenFor(t.db, user.id);
    const res = await asUser(t.app, token).get('/api/base/session/refresh_token');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      organ: {
        id: String(school.id),
        name: school.name,
        leafOrganCode: klass.code,
        collegeCode: school.code,
        identityType: 'Student',
        majorName: '软件工程',
      },
      pms: { course: COURSE_COLLEGE_LEADER_BIT + 4, qom: 2 },
    });
  });

  it('a user without any organisation gets empty organisation fields and the Student role', async () => {
    const user = await buildUser(t.db);
    const { token } = await tokenFor(t.db, user.id);
    const res = await asUser(t.app, token).get('/api/base/session/refresh_token');
    expect(res.json().data).toEqual({
      organ: { id: '', name: '', leafOrganCode: '', collegeCode: '', identityType: 'Student', majorName: '' },
      pms: { course: 0, qom: 0 },
    });
  });

  it('stores only a hash of the token', async () => {
    const { user } = await buildMember(t.db);
    const { token, sessionId } = await tokenFor(t.db, user.id);
    const rows = (await t.db.query.sessions.findMany({ where: (s, { eq }) => eq(s.id, sessionId) })) ?? [];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
