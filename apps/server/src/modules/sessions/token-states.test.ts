import { MSG, QOM_COLLEGE_ADMIN_BIT } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildMember, buildSchoolTree, tokenFor } from '../../test/factories';
import { startIdpSession } from '../idp/idp.service';
import { ensureDefaultDeployment } from '../site/site.service';
import { addMembership } from '../users/users.service';
import { revokeSession, setSessionExpiry } from './sessions.service';
import { newToken } from './tokens';

/*
 * Issue 2, "Tests that must exist": every authenticated foundation endpoint answers 401 (the envelope,
 * never data, no side effect) for a missing, malformed, unknown, expired or revoked token, and for a token
 * of the identity provider's own cookie session; the public ones ignore such a token.
 */

type Call = { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> };

/** A college admin who belongs to two schools, acting in the first. */
const buildSubject = async (db: Parameters<typeof buildMember>[0]) => {
  const m = await buildMember(db, { identityType: 'Teacher', masks: { qom: QOM_COLLEGE_ADMIN_BIT } });
  const other = await buildSchoolTree(db, { school: '另一所学校' });
  await addMembership({
    db,
    userId: m.user.id,
    organisationId: other.school.id,
    leafOrganisationId: other.college.id,
    identityType: 'Teacher',
  });
  return { ...m, other };
};

/** The authenticated endpoints of issue 2 part 5, each with a call that succeeds with a valid token. */
const authenticatedCalls = (s: Awaited<ReturnType<typeof buildSubject>>): Call[] => [
  { method: 'GET', url: '/api/login/verify' },
  { method: 'GET', url: '/api/base/session/refresh_token' },
  { method: 'GET', url: '/api/portal/users/basic_info' },
  { method: 'GET', url: `/api/portal/users/${s.user.id}?organName=` },
  { method: 'GET', url: '/api/base/users/admin_certificate' },
  { method: 'GET', url: `/api/base/organ/permissions?collegeId=${s.school.id}` },
  { method: 'GET', url: '/api/base/organ/modules?parameter=MY' },
  // late: it moves the session to the other school, where the user is no college admin
  {
    method: 'POST',
    url: '/api/portal/users/switch',
    payload: { switchToOrganId: String(s.other.school.id) },
  },
  // last: it revokes the token
  { method: 'POST', url: '/api/base/logout' },
];

describe.each(testDrivers())('token states on %s', (driver) => {
  const t = useTestApp(driver);

  const send = (call: Call, token?: string) =>
    t.app.inject({
      method: call.method,
      url: call.url,
      headers: token === undefined ? {} : { 'x-access-token': token },
      ...(call.payload ? { payload: call.payload } : {}),
    });

  const expect401 = (res: Awaited<ReturnType<typeof send>>, what: string) => {
    expect(res.statusCode, what).toBe(401);
    expect(res.json(), what).toEqual({ success: false, code: 401, message: MSG.unauthorized, data: null });
  };

  /** The caller's current organisation, read with a fresh token (the default one a sign-in starts in). */
  const defaultOrganOf = async (userId: number) => {
    const { token } = await tokenFor(t.db, userId);
    return (await asUser(t.app, token).get('/api/portal/users/basic_info')).json().data.organId;
  };

  it('every endpoint answers 200 with a valid token (the calls below are the right ones)', async () => {
    const s = await buildSubject(t.db);
    const { token } = await tokenFor(t.db, s.user.id);
    for (const call of authenticatedCalls(s)) {
      const res = await send(call, token);
      expect(res.statusCode, call.url).toBe(200);
      expect(res.json().success, call.url).toBe(true);
    }
  });

  it('401 without a token, with an empty, malformed or unknown one', async () => {
    const s = await buildSubject(t.db);
    for (const call of authenticatedCalls(s)) {
      expect401(await send(call), `${call.url} without a token`);
      for (const bad of ['', 'not-a-token', `${newToken()}x`, newToken()]) {
        expect401(await send(call, bad), `${call.url} with ${JSON.stringify(bad)}`);
      }
    }
    expect(await defaultOrganOf(s.user.id)).toBe(String(s.school.id));
  });

  it('401 with an expired token (stored expiry passed), and nothing changes', async () => {
    const s = await buildSubject(t.db);
    const { token, sessionId } = await tokenFor(t.db, s.user.id);
    await setSessionExpiry({ db: t.db, sessionId, expiresAt: new Date(Date.now() - 1000) });
    for (const call of authenticatedCalls(s)) expect401(await send(call, token), `${call.url} expired`);
    expect(await defaultOrganOf(s.user.id)).toBe(String(s.school.id));
  });

  it('401 once the clock passes a token’s expiry, though it was valid (and cached) a moment before', async () => {
    const s = await buildSubject(t.db);
    const { token } = await tokenFor(t.db, s.user.id, { ttlHours: 1 });
    expect((await send({ method: 'GET', url: '/api/login/verify' }, token)).statusCode).toBe(200);
    t.clock.advance(3_600_000 + 1000);
    try {
      for (const call of authenticatedCalls(s)) expect401(await send(call, token), `${call.url} timed out`);
    } finally {
      t.clock.reset();
    }
  });

  it('401 with a token revoked by logout or by maintenance, and nothing changes', async () => {
    const s = await buildSubject(t.db);
    const loggedOut = await tokenFor(t.db, s.user.id);
    expect((await asUser(t.app, loggedOut.token).post('/api/base/logout')).statusCode).toBe(200);
    const revoked = await tokenFor(t.db, s.user.id);
    expect((await asUser(t.app, revoked.token).get('/api/login/verify')).statusCode).toBe(200);
    await revokeSession({ db: t.db, sessionId: revoked.sessionId, now: new Date() });
    for (const call of authenticatedCalls(s)) {
      expect401(await send(call, loggedOut.token), `${call.url} after logout`);
      expect401(await send(call, revoked.token), `${call.url} revoked`);
    }
    expect(await defaultOrganOf(s.user.id)).toBe(String(s.school.id));
  });

  it("401 with the identity provider's own session token: it is not an access token", async () => {
    const s = await buildSubject(t.db);
    const idp = await startIdpSession({ db: t.db, userId: s.user.id, ttlHours: 1, now: new Date() });
    for (const call of authenticatedCalls(s)) expect401(await send(call, idp.token), `${call.url} idp token`);
  });

  it('401 comes before input checks: a bad body, query or content type from a caller without a valid token', async () => {
    const s = await buildSubject(t.db);
    const { token, sessionId } = await tokenFor(t.db, s.user.id);
    await revokeSession({ db: t.db, sessionId, now: new Date() });
    const badCalls: (Call & { contentType?: string; raw?: string })[] = [
      { method: 'POST', url: '/api/portal/users/switch', payload: {} },
      { method: 'POST', url: '/api/portal/users/switch', payload: { switchToOrganId: 5 } },
      { method: 'POST', url: '/api/portal/users/switch', contentType: 'application/json', raw: '{broken' },
      { method: 'POST', url: '/api/base/logout', contentType: 'text/plain', raw: 'x' },
      { method: 'GET', url: `/api/portal/users/${s.user.id}?organName=${'x'.repeat(101)}` },
      { method: 'GET', url: `/api/portal/users/${'1'.repeat(65)}` },
      { method: 'GET', url: '/api/base/organ/permissions?collegeId=' },
      { method: 'GET', url: '/api/base/organ/modules?parameter=ALL' },
    ];
    for (const call of badCalls) {
      for (const tok of [undefined, token]) {
        const res = await t.app.inject({
          method: call.method,
          url: call.url,
          headers: {
            ...(tok ? { 'x-access-token': tok } : {}),
            ...(call.contentType ? { 'content-type': call.contentType } : {}),
          },
          ...(call.raw !== undefined ? { payload: call.raw } : call.payload ? { payload: call.payload } : {}),
        });
        expect401(res, `${call.method} ${call.url} ${call.raw ?? JSON.stringify(call.payload ?? '')}`);
      }
    }
  });

  it('the public endpoints ignore an expired or revoked token: visitor answers, no user data, no 401', async () => {
    await ensureDefaultDeployment({ db: t.db });
    const s = await buildSubject(t.db);
    const expired = await tokenFor(t.db, s.user.id);
    await setSessionExpiry({ db: t.db, sessionId: expired.sessionId, expiresAt: new Date(Date.now() - 1) });
    const revoked = await tokenFor(t.db, s.user.id);
    await revokeSession({ db: t.db, sessionId: revoked.sessionId, now: new Date() });
    for (const token of [expired.token, revoked.token, newToken()]) {
      const config = await asUser(t.app, token).get('/get_appconfig?t=1');
      expect(config.statusCode).toBe(200);
      expect(config.json().data).toMatchObject({
        USER_TYPE: 'Student',
        USER_COLLEGE_CODE: '',
        HAS_COLLEGE_ADMIN_AUTH: false,
      });
      expect(config.body).not.toContain(s.school.code);
      for (const url of [
        '/api/base/config/college?param=ANY',
        '/api/base/schools/NO-SUCH',
        '/api/base/colleges/NO-SUCH',
        '/api/portal/website_configs/NO-SUCH',
      ]) {
        expect((await asUser(t.app, token).get(url)).statusCode, url).not.toBe(401);
      }
    }
  });
});
