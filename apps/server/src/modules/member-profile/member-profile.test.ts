import {
  defaultEnrolmentYear,
  enrolmentYearChoices,
  type MemberBasicInfo,
  PROFILE_MSG,
  yearStart,
} from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { buildSignedInMember, buildUser } from '../../test/factories';
import { countCatalogues } from './member-profile.repo';
import {
  CATALOG_MAJORS,
  CATALOG_SCHOOLS,
  loadCatalogues,
  profileSummaryOf,
  setProfile,
} from './member-profile.service';

const O = '/api/ourea';

describe.each(testDrivers())('member profile on %s', (driver) => {
  const t = useTestApp(driver);

  const put = (token: string, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `${O}/member_profiles`,
      headers: { 'x-access-token': token },
      payload,
    });
  const get = (token: string | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? { 'x-access-token': token } : {} });
  const info = async (token: string) => {
    const res = await get(token, `${O}/members/basic/info`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as MemberBasicInfo;
  };
  const body = () => {
    const now = new Date(t.clock.now());
    return {
      name: '王小明',
      sex: 'Male',
      birthday: Date.UTC(2004, 2, 8),
      degree: 'Bachelor',
      schoolCode: '10001',
      majorCode: '080902',
      enrolmentAt: yearStart(defaultEnrolmentYear(now)),
      graduateAt: yearStart(now.getFullYear()),
    };
  };
  const expect400 = (res: { statusCode: number; json: () => { message: string } }, message: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  };

  it('loads the catalogues once, then costs one count query; real schools and majors', async () => {
    expect(CATALOG_SCHOOLS.length).toBeGreaterThanOrEqual(300);
    expect(CATALOG_MAJORS.length).toBeGreaterThanOrEqual(200);
    expect(await loadCatalogues({ db: t.db })).toEqual({ schools: true, majors: true });
    expect(await countCatalogues(t.db)).toEqual({
      schools: CATALOG_SCHOOLS.length,
      majors: CATALOG_MAJORS.length,
    });
    expect(await loadCatalogues({ db: t.db })).toEqual({ schools: false, majors: false });
    const names = new Map(CATALOG_SCHOOLS.map((s) => [s.code, s.name]));
    expect(names.get('10001')).toBe('北京大学');
    expect(names.get('10003')).toBe('清华大学');
    expect(names.get('10248')).toBe('上海交通大学');
    expect(new Set(CATALOG_SCHOOLS.map((s) => s.province)).size).toBe(31);
    const majors = new Map(CATALOG_MAJORS.map((m) => [m.code, m]));
    expect(majors.get('080901')?.name).toBe('计算机科学与技术');
    expect(majors.get('080910T')).toMatchObject({ name: '数据科学与大数据技术', category: '工学' });
    expect(new Set(CATALOG_MAJORS.map((m) => m.category)).size).toBeGreaterThanOrEqual(12);
  });

  it('answers 401 without a token on every call', async () => {
    for (const url of [`${O}/members/basic/info`, `${O}/schools`, `${O}/majors`]) {
      expect((await get(null, url)).statusCode, url).toBe(401);
    }
    const res = await t.app.inject({ method: 'PUT', url: `${O}/member_profiles`, payload: body() });
    expect(res.statusCode).toBe(401);
  });

  it('a new member’s profile is empty (not perfected), their account name and sex stand in', async () => {
    const me = await buildSignedInMember(t.db);
    const data = await info(me.token);
    expect(data).toMatchObject({
      userId: String(me.user.id),
      name: '测试用户',
      sex: 'Male',
      birthday: null,
      schoolCode: null,
      schoolName: '',
      majorName: '',
      degree: null,
      perfected: false,
    });
    expect(await profileSummaryOf({ db: t.db, userId: me.user.id })).toEqual({
      name: '测试用户',
      schoolName: '',
      majorName: '',
      degree: null,
      complete: false,
    });
  });

  it('saves a complete profile: 保存成功, perfected, names from the catalogues', async () => {
    await loadCatalogues({ db: t.db });
    const me = await buildSignedInMember(t.db);
    const res = await put(me.token, { ...body(), name: '  王小明 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(PROFILE_MSG.saved);
    const year = new Date(t.clock.now()).getFullYear();
    expect(res.json().data).toMatchObject({
      name: '王小明',
      sex: 'Male',
      schoolName: '北京大学',
      majorName: '软件工程',
      degree: 'Bachelor',
      enrolmentAt: yearStart(year - 2),
      graduateAt: yearStart(year),
      perfected: true,
    });
    expect((await info(me.token)).perfected).toBe(true);
    expect(await profileSummaryOf({ db: t.db, userId: me.user.id })).toEqual({
      name: '王小明',
      schoolName: '北京大学',
      majorName: '软件工程',
      degree: '本科',
      complete: true,
    });
    // saving again overwrites (one row per user)
    const again = await put(me.token, { ...body(), degree: 'Master', majorCode: '080910T' });
    expect(again.json().data).toMatchObject({ degree: 'Master', majorName: '数据科学与大数据技术' });
  });

  it('checks in the spec’s order and answers with the first message (400)', async () => {
    await loadCatalogues({ db: t.db });
    const me = await buildSignedInMember(t.db);
    const b = body();
    expect400(await put(me.token, {}), PROFILE_MSG.nameRequired);
    expect400(await put(me.token, { sex: 'Male', degree: 'Bachelor' }), PROFILE_MSG.nameRequired);
    expect400(await put(me.token, { ...b, name: '一二三四五六七八九' }), PROFILE_MSG.nameTooLong);
    expect400(await put(me.token, { ...b, birthday: null, schoolCode: null }), PROFILE_MSG.birthdayRequired);
    expect400(await put(me.token, { ...b, schoolCode: '', majorCode: '' }), PROFILE_MSG.schoolRequired);
    expect400(await put(me.token, { ...b, majorCode: undefined, degree: null }), PROFILE_MSG.majorRequired);
    expect400(await put(me.token, { ...b, degree: null, enrolmentAt: null }), PROFILE_MSG.degreeRequired);
    expect400(await put(me.token, { ...b, degree: 'PhD' }), PROFILE_MSG.degreeRequired);
    expect400(await put(me.token, { ...b, enrolmentAt: null }), PROFILE_MSG.enrolmentYearRequired);
    expect400(await put(me.token, { ...b, sex: 'Unknown' }), PROFILE_MSG.sexRequired);
    expect((await info(me.token)).perfected).toBe(false);
  });

  it('refuses a birthday in the future or before 1950, and enrolment years outside the 13 choices', async () => {
    await loadCatalogues({ db: t.db });
    const me = await buildSignedInMember(t.db);
    const b = body();
    const now = t.clock.now().getTime();
    expect400(await put(me.token, { ...b, birthday: now + 86_400_000 }), PROFILE_MSG.birthdayInvalid);
    expect400(await put(me.token, { ...b, birthday: Date.UTC(1949, 11, 31) }), PROFILE_MSG.birthdayInvalid);
    expect((await put(me.token, { ...b, birthday: Date.UTC(1950, 0, 1) })).statusCode).toBe(200);
    const years = enrolmentYearChoices(t.clock.now());
    const oldest = years[years.length - 1] as number;
    expect((await put(me.token, { ...b, enrolmentAt: yearStart(oldest) })).statusCode).toBe(200);
    expect400(
      await put(me.token, { ...b, enrolmentAt: yearStart(oldest - 1) }),
      PROFILE_MSG.enrolmentYearInvalid,
    );
    expect400(
      await put(me.token, { ...b, enrolmentAt: yearStart((years[0] as number) + 1) }),
      PROFILE_MSG.enrolmentYearInvalid,
    );
  });

  it('refuses a school or major not in the catalogues', async () => {
    await loadCatalogues({ db: t.db });
    const me = await buildSignedInMember(t.db);
    expect400(await put(me.token, { ...body(), schoolCode: '99999' }), PROFILE_MSG.schoolRequired);
    expect400(await put(me.token, { ...body(), majorCode: '999999' }), PROFILE_MSG.majorRequired);
    expect400(
      await put(me.token, { ...body(), schoolCode: '99999', majorCode: '999999' }),
      PROFILE_MSG.schoolRequired,
    );
  });

  it('another user’s profile is never read nor written: only the asker’s own row', async () => {
    await loadCatalogues({ db: t.db });
    const alice = await buildSignedInMember(t.db);
    const bob = await buildSignedInMember(t.db);
    const other = await buildUser(t.db, { name: '别人' });
    // a user id in the body is not part of the call: it is dropped, the asker's own row is written
    const res = await put(bob.token, { ...body(), name: '鲍勃', userId: other.id, user_id: alice.user.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.userId).toBe(String(bob.user.id));
    expect((await info(alice.token)).perfected).toBe(false);
    expect((await info(alice.token)).name).toBe('测试用户');
    expect((await profileSummaryOf({ db: t.db, userId: other.id })).complete).toBe(false);
    // the info call takes no id: a query naming another user still answers the asker's own
    const asked = await get(alice.token, `${O}/members/basic/info?userId=${bob.user.id}`);
    expect(asked.json().data.userId).toBe(String(alice.user.id));
    expect(asked.json().data.name).toBe('测试用户');
  });

  it('pages schools by name substring, case-insensitive, names starting with the search first', async () => {
    await loadCatalogues({ db: t.db });
    const me = await buildSignedInMember(t.db);
    const page = async (q: string) => {
      const res = await get(me.token, `${O}/schools?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { rows: { code: string; name: string; province: string }[]; total: number };
    };
    const all = await page('pageNumber=1&pageSize=10');
    expect(all.total).toBe(CATALOG_SCHOOLS.length);
    expect(all.rows).toHaveLength(10);
    const pku = await page(`search=${encodeURIComponent('北京大学')}&pageSize=5`);
    expect(pku.rows[0]).toEqual({ code: '10001', name: '北京大学', province: '北京市' });
    for (const r of pku.rows) expect(r.name).toContain('北京大学');
    const jiaotong = await page(`search=${encodeURIComponent('交通大学')}&pageSize=50`);
    expect(jiaotong.rows.map((r) => r.name)).toContain('上海交通大学');
    // names starting with the search come before names merely containing it
    const dianzi = await page(`search=${encodeURIComponent('电子')}&pageSize=100`);
    const firstNot = dianzi.rows.findIndex((r) => !r.name.startsWith('电子'));
    expect(firstNot).toBeGreaterThan(0);
    expect(dianzi.rows[0]?.name).toBe('电子科技大学');
    expect(
      dianzi.rows.slice(firstNot).every((r) => !r.name.startsWith('电子') && r.name.includes('电子')),
    ).toBe(true);
    // the second page follows the first
    const p1 = await page(`search=${encodeURIComponent('大学')}&pageSize=20&pageNumber=1`);
    const p2 = await page(`search=${encodeURIComponent('大学')}&pageSize=20&pageNumber=2`);
    expect(p2.total).toBe(p1.total);
    expect(new Set([...p1.rows, ...p2.rows].map((r) => r.code)).size).toBe(40);
    // by code; wildcards are text; no match
    expect((await page('search=10003')).rows[0]?.name).toBe('清华大学');
    expect((await page('search=%25')).total).toBe(0);
    expect((await page(`search=${encodeURIComponent('不存在的学校')}`)).rows).toEqual([]);
    expect((await get(me.token, `${O}/schools?pageSize=101`)).statusCode).toBe(400);
  });

  it('pages majors by name substring, case-insensitive', async () => {
    await loadCatalogues({ db: t.db });
    const me = await buildSignedInMember(t.db);
    const res = await get(me.token, `${O}/majors?search=${encodeURIComponent('软件')}&pageSize=10`);
    const data = res.json().data as {
      rows: { code: string; name: string; category: string }[];
      total: number;
    };
    expect(data.rows[0]).toEqual({ code: '080902', name: '软件工程', category: '工学' });
    expect(data.rows.map((r) => r.name)).toContain('软件技术');
    const t2 = await get(me.token, `${O}/majors?search=080910t`);
    expect(t2.json().data.rows[0].name).toBe('数据科学与大数据技术');
  });
});

describe.each(testDrivers())('member profile around New Year on %s', (driver) => {
  const t = useTestApp(driver);

  it('accepts next year’s enrolment from a client already in the new year (server on UTC, China ahead)', async () => {
    await loadCatalogues({ db: t.db });
    const user = await buildUser(t.db);
    // 20:00 UTC on Dec 31 is 04:00 on Jan 1 in China: the dialog there offers 2027 first
    const now = new Date(Date.UTC(2026, 11, 31, 20, 0));
    const base = {
      name: '王小明',
      sex: 'Male',
      birthday: Date.UTC(2004, 2, 8),
      degree: 'Bachelor',
      schoolCode: '10001',
      majorCode: '080902',
    };
    const saved = await setProfile({
      db: t.db,
      userId: user.id,
      now,
      body: { ...base, enrolmentAt: yearStart(2027) },
    });
    expect(saved.enrolmentAt).toBe(yearStart(2027));
    await expect(
      setProfile({ db: t.db, userId: user.id, now, body: { ...base, enrolmentAt: yearStart(2028) } }),
    ).rejects.toThrow(PROFILE_MSG.enrolmentYearInvalid);
    await expect(
      setProfile({ db: t.db, userId: user.id, now, body: { ...base, enrolmentAt: yearStart(2013) } }),
    ).rejects.toThrow(PROFILE_MSG.enrolmentYearInvalid);
    expect(
      (await setProfile({ db: t.db, userId: user.id, now, body: { ...base, enrolmentAt: yearStart(2014) } }))
        .enrolmentAt,
    ).toBe(yearStart(2014));
  });
});
