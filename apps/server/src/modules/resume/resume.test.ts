import {
  COMPLETENESS_PARTS,
  defaultEnrolmentYear,
  RESUME_ID_INVALID_MSG,
  RESUME_MSG,
  RESUME_SECTION_PATHS,
  type ResumeEducation,
  type ResumeOnline,
  type ResumePercentages,
  type ResumeSectionKey,
  SECTION_FULL_MSG,
  SECTION_MAX_ROWS,
  yearStart,
} from '@uplus/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  files,
  memberCities,
  memberIntentions,
  memberProfiles,
  occupationCatalog,
  resumeAttached,
} from '../../db/schema';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { buildSignedInMember } from '../../test/factories';
import { loadCatalogues, setProfile } from '../member-profile/member-profile.service';
import type { SectionKey } from './resume.repo';
import { touchResumeOf } from './resume.service';

const O = '/api/ourea';
const MONTH = (y: number, m: number) => Date.UTC(y, m - 1, 1);
const cjk = (n: number) => '字'.repeat(n);

type Answer = { statusCode: number; body: string; json: () => { message: string; data: unknown } };

/** A valid body per section (resumeId added by the caller). */
const VALID: Record<SectionKey, Record<string, unknown>> = {
  education: {
    schoolCode: '10003',
    majorCode: '080901',
    degree: 'Master',
    enrolmentAt: MONTH(2024, 9),
    graduateAt: MONTH(2027, 6),
    gradingRank: 'Top10',
  },
  internship: {
    companyName: '杭州某某科技有限公司',
    occupationName: '前端开发实习生',
    inauguralAt: MONTH(2025, 7),
    resignAt: MONTH(2025, 9),
    description: '负责组件开发\n编写单元测试',
  },
  society: {
    societyName: '校学生会',
    occupationName: '宣传部部长',
    startAt: MONTH(2023, 9),
    endAt: MONTH(2024, 6),
    description: '组织校园活动',
  },
  award: { name: '国家奖学金', awardedAt: MONTH(2024, 10) },
  language: { language: '英语', proficiencyLevel: 'Skillful' },
};

/** Every spec-5 rule of the five sections: [section, body changes, message]. */
const RULES: [SectionKey, Record<string, unknown>, string][] = [
  // education (spec 5: school, degree, major required; the four time rules; grade optional)
  ['education', { schoolCode: '' }, RESUME_MSG.schoolRequired],
  ['education', { schoolCode: null }, RESUME_MSG.schoolRequired],
  ['education', { schoolCode: 'nope' }, RESUME_MSG.schoolRequired],
  ['education', { degree: undefined }, RESUME_MSG.degreeRequired],
  ['education', { degree: 'Unlimited' }, RESUME_MSG.degreeRequired],
  ['education', { majorCode: ' ' }, RESUME_MSG.majorRequired],
  ['education', { majorCode: 'nope' }, RESUME_MSG.majorRequired],
  ['education', { enrolmentAt: null }, RESUME_MSG.startTimeRequired],
  ['education', { graduateAt: null }, RESUME_MSG.endTimeRequired],
  ['education', { enrolmentAt: null, graduateAt: undefined }, RESUME_MSG.schoolTimeRequired],
  ['education', { enrolmentAt: MONTH(2028, 1) }, RESUME_MSG.startAfterEnd],
  ['education', { gradingRank: 'Top1' }, RESUME_MSG.gradingRankInvalid],
  // internship: company (30), position (15), 在职时间, description (500)
  ['internship', { companyName: '' }, RESUME_MSG.companyRequired],
  ['internship', { companyName: cjk(31) }, RESUME_MSG.companyTooLong],
  ['internship', { occupationName: null }, RESUME_MSG.positionRequired],
  ['internship', { occupationName: cjk(16) }, RESUME_MSG.positionTooLong],
  ['internship', { inauguralAt: null }, RESUME_MSG.startTimeRequired],
  ['internship', { resignAt: null }, RESUME_MSG.endTimeRequired],
  ['internship', { inauguralAt: null, resignAt: null }, RESUME_MSG.workTimeRequired],
  ['internship', { inauguralAt: MONTH(2025, 10) }, RESUME_MSG.startAfterEnd],
  ['internship', { description: cjk(501) }, RESUME_MSG.descriptionTooLong],
  // society/project: name (30), position (15), time, description (500)
  ['society', { societyName: '   ' }, RESUME_MSG.societyRequired],
  ['society', { societyName: cjk(31) }, RESUME_MSG.societyTooLong],
  ['society', { occupationName: '' }, RESUME_MSG.positionRequired],
  ['society', { occupationName: 'a'.repeat(16) }, RESUME_MSG.positionTooLong],
  ['society', { startAt: null }, RESUME_MSG.startTimeRequired],
  ['society', { endAt: null }, RESUME_MSG.endTimeRequired],
  ['society', { startAt: null, endAt: null }, RESUME_MSG.societyTimeRequired],
  ['society', { startAt: MONTH(2024, 7) }, RESUME_MSG.startAfterEnd],
  ['society', { description: cjk(501) }, RESUME_MSG.descriptionTooLong],
  // award: name (30), award month
  ['award', { name: '' }, RESUME_MSG.awardRequired],
  ['award', { name: cjk(31) }, RESUME_MSG.awardTooLong],
  ['award', { awardedAt: null }, RESUME_MSG.awardedAtRequired],
  // language: name (15), proficiency
  ['language', { language: '' }, RESUME_MSG.languageRequired],
  ['language', { language: cjk(16) }, RESUME_MSG.languageTooLong],
  ['language', { proficiencyLevel: '' }, RESUME_MSG.proficiencyRequired],
  ['language', { proficiencyLevel: 'Native' }, RESUME_MSG.proficiencyRequired],
  // a wrong type or a value far beyond any limit answers with the field's own message too
  ['education', { enrolmentAt: '2024-09' }, RESUME_MSG.startTimeRequired],
  ['education', { schoolCode: 10003 }, RESUME_MSG.schoolRequired],
  ['internship', { companyName: 123 }, RESUME_MSG.companyRequired],
  ['internship', { description: cjk(2001) }, RESUME_MSG.descriptionTooLong],
  ['society', { endAt: 'later' }, RESUME_MSG.endTimeRequired],
  ['award', { awardedAt: '2024-10' }, RESUME_MSG.awardedAtRequired],
  ['language', { language: cjk(3000) }, RESUME_MSG.languageTooLong],
  ['language', { proficiencyLevel: 3 }, RESUME_MSG.proficiencyRequired],
];

/** The longest values the limits allow (CJK characters and an emoji count as one). */
const AT_LIMITS: Record<SectionKey, Record<string, unknown>> = {
  education: { gradingRank: '' },
  internship: { companyName: cjk(30), occupationName: `${cjk(14)}😀`, description: cjk(500) },
  society: { societyName: cjk(30), occupationName: cjk(15), description: cjk(500) },
  award: { name: cjk(30) },
  language: { language: cjk(15) },
};

const SECTION_KEYS = Object.keys(RESUME_SECTION_PATHS) as SectionKey[];

describe.each(testDrivers())('online resume on %s', (driver) => {
  const t = useTestApp(driver);

  beforeAll(async () => {
    await loadCatalogues({ db: t.db });
  });

  const call = (
    token: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `${O}${url}`,
      headers: token ? { 'x-access-token': token } : {},
      ...(payload ? { payload } : {}),
    }) as Promise<Answer>;
  const data = <T>(res: Answer, status = 200): T => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json().data as T;
  };
  const expect400 = (res: Answer, message: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
  };
  const expect404 = (res: Answer) => {
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().message).toBe(RESUME_MSG.notFound);
  };

  /** A signed-in member with their resume. */
  const member = async () => {
    const m = await buildSignedInMember(t.db);
    const resume = data<ResumeOnline>(await call(m.token, 'GET', '/resume_onlines'));
    return { ...m, resume };
  };
  const path = (section: SectionKey) => `/${RESUME_SECTION_PATHS[section]}`;
  const create = (token: string, section: SectionKey, body: object) =>
    call(token, 'POST', path(section), body);
  const list = async <T = { id: number }>(token: string, section: SectionKey, resumeId: number) =>
    data<T[]>(await call(token, 'GET', `${path(section)}?resumeId=${resumeId}`));
  const updateAt = async (token: string) =>
    data<ResumeOnline>(await call(token, 'GET', '/resume_onlines')).updateAt;
  const percentages = async (token: string) =>
    data<ResumePercentages>(await call(token, 'GET', '/resume_onlines/percentages'));

  it('answers 401 without a token on every call', async () => {
    const urls: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['GET', '/resume_onlines'],
      ['PUT', '/resume_onlines/1'],
      ['GET', '/resume_onlines/percentages'],
      ['GET', '/resume_online_evaluations/1'],
      ['PUT', '/resume_online_evaluations/1'],
    ];
    for (const section of SECTION_KEYS) {
      urls.push(
        ['GET', `${path(section)}?resumeId=1`],
        ['GET', `${path(section)}/1`],
        ['POST', path(section)],
      );
      urls.push(['PUT', `${path(section)}/1`], ['DELETE', `${path(section)}/1`]);
    }
    for (const [method, url] of urls) {
      const res = await call(null, method, url, method === 'POST' || method === 'PUT' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('makes the member’s one resume on first use; PUT touches its update time', async () => {
    const me = await buildSignedInMember(t.db);
    const first = data<ResumeOnline>(await call(me.token, 'GET', '/resume_onlines'));
    expect(first).toMatchObject({ strength: '', evaluation: '' });
    expect(first.updateAt).toBeTypeOf('number');
    const again = data<ResumeOnline>(await call(me.token, 'GET', '/resume_onlines'));
    expect(again).toEqual(first);
    // two first uses at once still make one resume
    const other = await buildSignedInMember(t.db);
    const both = await Promise.all([
      call(other.token, 'GET', '/resume_onlines'),
      call(other.token, 'GET', '/resume_onlines'),
    ]);
    expect(new Set(both.map((r) => data<ResumeOnline>(r).id)).size).toBe(1);

    t.clock.advance(60_000);
    const touched = data<ResumeOnline>(await call(me.token, 'PUT', `/resume_onlines/${first.id}`, {}));
    expect(touched.id).toBe(first.id);
    expect(touched.updateAt).toBeGreaterThanOrEqual(first.updateAt + 60_000);
    expect(await updateAt(me.token)).toBe(touched.updateAt);
  });

  it('touchResumeOf (for writes outside the sections) touches the member’s resume, making it if needed', async () => {
    const me = await buildSignedInMember(t.db);
    const first = new Date(t.clock.now().getTime() - 60_000);
    await touchResumeOf({ db: t.db, userId: me.user.id, now: first });
    const made = data<ResumeOnline>(await call(me.token, 'GET', '/resume_onlines'));
    expect(made.updateAt).toBe(first.getTime());
    const later = new Date(first.getTime() + 5000);
    await touchResumeOf({ db: t.db, userId: me.user.id, now: later });
    expect(await updateAt(me.token)).toBe(later.getTime());
  });

  it('strength and self-evaluation: at most 500 characters each, a key left out is kept', async () => {
    const me = await member();
    const url = `/resume_online_evaluations/${me.resume.id}`;
    expect(data(await call(me.token, 'GET', url))).toEqual({
      id: me.resume.id,
      strength: '',
      evaluation: '',
    });

    t.clock.advance(1000);
    const strength = `善于沟通\n${cjk(495)}`;
    const saved = await call(me.token, 'PUT', url, { strength });
    expect(saved.json().message).toBe(RESUME_MSG.saved);
    expect(data(saved)).toEqual({ id: me.resume.id, strength, evaluation: '' });
    expect(await updateAt(me.token)).toBeGreaterThan(me.resume.updateAt);

    const evaluation = cjk(500);
    expect(data(await call(me.token, 'PUT', url, { evaluation }))).toEqual({
      id: me.resume.id,
      strength,
      evaluation,
    });
    expect400(await call(me.token, 'PUT', url, { strength: cjk(501) }), RESUME_MSG.strengthTooLong);
    expect400(await call(me.token, 'PUT', url, { evaluation: `${cjk(500)}!` }), RESUME_MSG.evaluationTooLong);
    expect400(await call(me.token, 'PUT', url, { strength: cjk(3000) }), RESUME_MSG.strengthTooLong);
    expect400(await call(me.token, 'PUT', url, { evaluation: 42 }), RESUME_MSG.evaluationTooLong);
    expect(data(await call(me.token, 'GET', url))).toEqual({ id: me.resume.id, strength, evaluation });
    // emptied again
    expect(data(await call(me.token, 'PUT', url, { strength: '', evaluation: '  ' }))).toEqual({
      id: me.resume.id,
      strength: '',
      evaluation: '',
    });
  });

  it.each(RULES)('%s: %j -> 400 %s', async (section, change, message) => {
    const me = await member();
    const body: Record<string, unknown> = { resumeId: me.resume.id, ...VALID[section], ...change };
    for (const [k, v] of Object.entries(change)) if (v === undefined) delete body[k];
    expect400(await create(me.token, section, body), message);
    // the same rule on update
    const made = data<{ id: number }>(
      await create(me.token, section, { resumeId: me.resume.id, ...VALID[section] }),
    );
    expect400(await call(me.token, 'PUT', `${path(section)}/${made.id}`, body), message);
    expect(await list(me.token, section, me.resume.id)).toHaveLength(1);
  });

  it.each(SECTION_KEYS)('%s: create, get, update, delete, each touching the update time', async (section) => {
    const me = await member();
    let before = me.resume.updateAt;
    const touched = async () => {
      const now = await updateAt(me.token);
      expect(now).toBeGreaterThan(before);
      before = now;
    };

    t.clock.advance(1000);
    // mid-month times are kept as the month's first instant (UTC)
    const midMonth = Object.fromEntries(
      Object.entries(VALID[section]).map(([k, v]) => [
        k,
        k.endsWith('At') ? (v as number) + 9 * 86_400_000 : v,
      ]),
    );
    const created = await create(me.token, section, { resumeId: me.resume.id, ...midMonth });
    expect(created.json().message).toBe(RESUME_MSG.saved);
    const row = data<Record<string, unknown> & { id: number }>(created);
    expect(row).toMatchObject({ resumeId: me.resume.id, ...VALID[section] });
    await touched();
    expect(data(await call(me.token, 'GET', `${path(section)}/${row.id}`))).toEqual(row);

    t.clock.advance(1000);
    const changed = { ...VALID[section], ...AT_LIMITS[section] };
    const updated = data<Record<string, unknown>>(
      await call(me.token, 'PUT', `${path(section)}/${row.id}`, { resumeId: me.resume.id, ...changed }),
    );
    const { gradingRank, ...rest } = changed as Record<string, unknown>;
    expect(updated).toMatchObject({ id: row.id, ...rest });
    await touched();
    expect(data(await call(me.token, 'GET', `${path(section)}/${row.id}`))).toEqual(updated);

    t.clock.advance(1000);
    const deleted = await call(me.token, 'DELETE', `${path(section)}/${row.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe(RESUME_MSG.deleted);
    await touched();
    expect404(await call(me.token, 'GET', `${path(section)}/${row.id}`));
    expect404(await call(me.token, 'DELETE', `${path(section)}/${row.id}`));
    expect(await list(me.token, section, me.resume.id)).toEqual([]);
  });

  it('month fields keep the month picked, also when it arrives as a local month start east or west of UTC', async () => {
    const me = await member();
    const at = async (awardedAt: number) =>
      data<{ awardedAt: number }>(
        await create(me.token, 'award', { resumeId: me.resume.id, name: '奖', awardedAt }),
      ).awardedAt;
    const HOUR = 3_600_000;
    expect(await at(MONTH(2024, 9))).toBe(MONTH(2024, 9));
    expect(await at(MONTH(2024, 9) - 8 * HOUR)).toBe(MONTH(2024, 9)); // Sep 1 00:00 in China
    expect(await at(MONTH(2024, 9) - 14 * HOUR)).toBe(MONTH(2024, 9)); // UTC+14
    expect(await at(MONTH(2024, 9) + 5 * HOUR)).toBe(MONTH(2024, 9)); // Sep 1 00:00 in New York
    expect(await at(MONTH(2024, 9) + 20 * 24 * HOUR)).toBe(MONTH(2024, 9));
    expect(await at(MONTH(2024, 10) - 15 * HOUR)).toBe(MONTH(2024, 9));
  });

  it('education rows carry names and titles; grade omitted is null; the profile’s first education comes first', async () => {
    const me = await member();
    const master = data<ResumeEducation>(
      await create(me.token, 'education', { resumeId: me.resume.id, ...VALID.education }),
    );
    expect(master).toEqual({
      id: master.id,
      resumeId: me.resume.id,
      top: false,
      schoolCode: '10003',
      schoolName: '清华大学',
      majorCode: '080901',
      majorName: '计算机科学与技术',
      degree: 'Master',
      degreeTitle: '硕士',
      enrolmentAt: MONTH(2024, 9),
      graduateAt: MONTH(2027, 6),
      gradingRank: 'Top10',
      gradingRankTitle: '前10%',
    });
    const { gradingRank, ...noGrade } = VALID.education;
    const doctor = data<ResumeEducation>(
      await create(me.token, 'education', {
        resumeId: me.resume.id,
        ...noGrade,
        degree: 'Doctor',
        enrolmentAt: MONTH(2027, 9),
        graduateAt: MONTH(2031, 6),
      }),
    );
    expect(doctor).toMatchObject({ gradingRank: null, gradingRankTitle: '', degreeTitle: '博士' });
    // newest first, no top until the profile has one
    expect((await list<ResumeEducation>(me.token, 'education', me.resume.id)).map((e) => e.id)).toEqual([
      doctor.id,
      master.id,
    ]);

    const now = new Date(t.clock.now());
    await setProfile({
      db: t.db,
      userId: me.user.id,
      now,
      body: {
        name: '王小明',
        sex: 'Male',
        birthday: Date.UTC(2004, 2, 8),
        degree: 'Bachelor',
        schoolCode: '10001',
        majorCode: '080902',
        enrolmentAt: yearStart(defaultEnrolmentYear(now)),
      },
    });
    const rows = await list<ResumeEducation>(me.token, 'education', me.resume.id);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      id: null,
      top: true,
      resumeId: me.resume.id,
      schoolName: '北京大学',
      majorName: '软件工程',
      degree: 'Bachelor',
      degreeTitle: '本科',
    });
    expect(rows.slice(1).map((e) => e.id)).toEqual([doctor.id, master.id]);
    // details=school,major is accepted
    const res = await call(
      me.token,
      'GET',
      `/resume_online_educations?resumeId=${me.resume.id}&details=school,major`,
    );
    expect(data<ResumeEducation[]>(res)).toEqual(rows);
  });

  it('lists are newest first and bounded: at most 20 rows per section', async () => {
    const me = await member();
    const ids: number[] = [];
    for (let i = 0; i < SECTION_MAX_ROWS; i++) {
      const row = data<{ id: number }>(
        await create(me.token, 'award', {
          resumeId: me.resume.id,
          name: `奖项${i}`,
          awardedAt: MONTH(2020, 1 + i),
        }),
      );
      ids.push(row.id);
    }
    expect400(
      await create(me.token, 'award', { resumeId: me.resume.id, name: '再一个', awardedAt: MONTH(2019, 1) }),
      SECTION_FULL_MSG,
    );
    expect((await list(me.token, 'award', me.resume.id)).map((r) => r.id)).toEqual([...ids].reverse());
    // the bound holds for creates at once too
    const busy = await member();
    for (let i = 0; i < SECTION_MAX_ROWS - 2; i++) {
      data(
        await create(busy.token, 'language', {
          resumeId: busy.resume.id,
          language: `语言${i}`,
          proficiencyLevel: 'Good',
        }),
      );
    }
    const racing = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        create(busy.token, 'language', {
          resumeId: busy.resume.id,
          language: `并发${i}`,
          proficiencyLevel: 'Good',
        }),
      ),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 200, 400, 400]);
    expect(await list(busy.token, 'language', busy.resume.id)).toHaveLength(SECTION_MAX_ROWS);
    // another member is not bounded by this one's rows
    const other = await member();
    data(await create(other.token, 'award', { resumeId: other.resume.id, ...VALID.award }));
  });

  it('another member’s ids: 404 on every call, their rows unchanged', async () => {
    const owner = await member();
    const intruder = await member();
    const rows = {} as Record<SectionKey, { id: number }>;
    for (const section of SECTION_KEYS) {
      rows[section] = data(
        await create(owner.token, section, { resumeId: owner.resume.id, ...VALID[section] }),
      );
    }
    await call(owner.token, 'PUT', `/resume_online_evaluations/${owner.resume.id}`, { strength: '我的优势' });
    const ownerTime = await updateAt(owner.token);

    expect404(await call(intruder.token, 'PUT', `/resume_onlines/${owner.resume.id}`, {}));
    expect404(await call(intruder.token, 'GET', `/resume_online_evaluations/${owner.resume.id}`));
    expect404(
      await call(intruder.token, 'PUT', `/resume_online_evaluations/${owner.resume.id}`, {
        strength: '改掉',
      }),
    );
    for (const section of SECTION_KEYS) {
      const id = rows[section].id;
      expect404(await call(intruder.token, 'GET', `${path(section)}?resumeId=${owner.resume.id}`));
      expect404(await call(intruder.token, 'GET', `${path(section)}/${id}`));
      expect404(await create(intruder.token, section, { resumeId: owner.resume.id, ...VALID[section] }));
      expect404(
        await call(intruder.token, 'PUT', `${path(section)}/${id}`, {
          resumeId: intruder.resume.id,
          ...VALID[section],
        }),
      );
      expect404(await call(intruder.token, 'DELETE', `${path(section)}/${id}`));
      // ids that do not exist answer alike
      expect404(await call(intruder.token, 'GET', `${path(section)}/${id + 1_000_000}`));
    }
    // nothing of the owner's changed, and the intruder's resume stayed empty
    expect(await updateAt(owner.token)).toBe(ownerTime);
    for (const section of SECTION_KEYS) {
      const owned = await list(owner.token, section, owner.resume.id);
      expect(owned.filter((r) => r.id !== null).map((r) => r.id)).toEqual([rows[section].id]);
      expect(await list(intruder.token, section, intruder.resume.id)).toEqual([]);
    }
    expect(
      data(await call(owner.token, 'GET', `/resume_online_evaluations/${owner.resume.id}`)),
    ).toMatchObject({
      strength: '我的优势',
    });
    // a row moved through PUT stays in its resume
    const moved = data<{ resumeId: number }>(
      await call(owner.token, 'PUT', `${path('award')}/${rows.award.id}`, {
        resumeId: intruder.resume.id,
        ...VALID.award,
      }),
    );
    expect(moved.resumeId).toBe(owner.resume.id);
  });

  it('refuses malformed ids (400)', async () => {
    const me = await member();
    for (const url of [
      `${path('award')}/abc`,
      `${path('award')}/1.5`,
      `${path('award')}/99999999999999999999`,
      `${path('award')}?resumeId=-1`,
      `${path('award')}?resumeId=`,
      path('award'),
      '/resume_online_evaluations/x',
    ]) {
      expect400(await call(me.token, 'GET', url), RESUME_ID_INVALID_MSG);
    }
    expect400(await create(me.token, 'award', { ...VALID.award }), RESUME_ID_INVALID_MSG);
    expect400(await create(me.token, 'award', { ...VALID.award, resumeId: '1' }), RESUME_ID_INVALID_MSG);
    expect400(await call(me.token, 'PUT', '/resume_onlines/0', {}), RESUME_ID_INVALID_MSG);
  });

  it('completeness: 0 for a new member, each part its points, 100 with every part; attachments and perfected', async () => {
    const me = await member();
    const empty = await percentages(me.token);
    expect(empty).toMatchObject({
      onlinePercentages: 0,
      onlineCompleted: false,
      attachedCount: 0,
      perfected: false,
    });
    expect(empty.missing).toEqual(COMPLETENESS_PARTS.map((p) => p.title));
    expect(Object.values(empty.facts).every((v) => v === false)).toBe(true);

    let expected = 0;
    const points = (part: ResumeSectionKey | 'avatar' | 'intention') =>
      COMPLETENESS_PARTS.find((p) => p.part === part)?.points ?? 0;
    const step = async (part: Parameters<typeof points>[0]) => {
      expected += points(part);
      const now = await percentages(me.token);
      expect(now.onlinePercentages, part).toBe(expected);
      expect(now.facts[part as keyof typeof now.facts], part).toBe(true);
      expect(now.missing).not.toContain(COMPLETENESS_PARTS.find((p) => p.part === part)?.title);
      expect(now.onlineCompleted).toBe(expected >= 80);
    };

    // the profile-completion dialog: first education (20) and perfected, not yet personal (no mobile)
    const now = new Date(t.clock.now());
    await setProfile({
      db: t.db,
      userId: me.user.id,
      now,
      body: {
        name: '李华',
        sex: 'Female',
        birthday: Date.UTC(2003, 4, 1),
        degree: 'Bachelor',
        schoolCode: '10001',
        majorCode: '080902',
        enrolmentAt: yearStart(defaultEnrolmentYear(now)),
      },
    });
    await step('education');
    expect((await percentages(me.token)).perfected).toBe(true);
    expect((await percentages(me.token)).facts.personal).toBe(false);

    await t.db
      .update(memberProfiles)
      .set({ mobile: '13812345678' })
      .where(eq(memberProfiles.userId, me.user.id));
    await step('personal');

    const [avatar] = await t.db
      .insert(files)
      .values({
        storageKey: `test/avatar-${me.user.id}.png`,
        ownerId: me.user.id,
        purpose: 'memberMaterial',
        name: 'avatar.png',
        contentType: 'image/png',
        size: 100,
      })
      .returning();
    await t.db
      .update(memberProfiles)
      .set({ portraitFileId: avatar?.id })
      .where(eq(memberProfiles.userId, me.user.id));
    await step('avatar');

    const evaluations = `/resume_online_evaluations/${me.resume.id}`;
    data(await call(me.token, 'PUT', evaluations, { strength: '认真负责' }));
    await step('strength');
    for (const section of ['internship', 'society', 'award', 'language'] as const) {
      data(await create(me.token, section, { resumeId: me.resume.id, ...VALID[section] }));
      await step(section);
    }
    data(await call(me.token, 'PUT', evaluations, { evaluation: '热爱技术' }));
    await step('evaluation');

    // intention: positions and cities both needed
    await t.db
      .insert(occupationCatalog)
      .values({ code: 'T-01-01-01', name: '软件工程技术人员', parentCode: 'T-01-01', level: 3 })
      .onConflictDoNothing();
    await t.db
      .insert(memberIntentions)
      .values({ userId: me.user.id, standardOccupationCode: 'T-01-01-01', position: 0 });
    expect((await percentages(me.token)).facts.intention).toBe(false);
    await t.db.insert(memberCities).values({ userId: me.user.id, cityCode: '', position: 0 });
    await step('intention');

    const full = await percentages(me.token);
    expect(full).toMatchObject({
      onlinePercentages: 100,
      onlineCompleted: true,
      missing: [],
      perfected: true,
    });

    // attachments are counted apart; an emptied section costs its points again
    await t.db
      .insert(resumeAttached)
      .values({ userId: me.user.id, fileId: avatar?.id as number, name: '简历', extension: 'pdf' });
    expect((await percentages(me.token)).attachedCount).toBe(1);
    const [language] = await list(me.token, 'language', me.resume.id);
    await call(me.token, 'DELETE', `${path('language')}/${language?.id}`);
    const less = await percentages(me.token);
    expect(less.onlinePercentages).toBe(100 - points('language'));
    expect(less.missing).toEqual(['语言/技能']);
    // another member's completeness is their own
    expect((await percentages((await member()).token)).onlinePercentages).toBe(0);
  });
});
