import {
  type Company,
  type CompanyPage,
  EMPLOYER_MSG,
  FILES_MSG,
  type GroupRecruitment,
  INTERNSHIPS_MSG,
  type InternProgramDetail,
  type InternProgramPage,
  JOBS_MSG,
  type JobCardPage,
  type ManagedGroup,
  MSG,
  type MyOccupation,
  type MyOccupationPage,
  type OccupationDetail,
} from '@uplus/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deliveryFeedbacks, deliveryRecords, favourites } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildSignedInMember, unique } from '../../test/factories';
import { createCompany } from '../employer/employer.service';
import { SAMPLES, upload } from '../files/test-files';
import { loadLookups } from '../member-profile/member-profile.catalog';

const O = '/api/ourea';
const DAY = 86_400_000;

type Res = { statusCode: number; body: string; json: () => { message: string; data: unknown } };
const expectError = (res: Res, status: number, message: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
};
const data = <T>(res: Res): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};

/** A valid position form (杭州市). */
const position = (over: Record<string, unknown> = {}) => ({
  name: 'Java开发工程师',
  jobNature: 'FullTime',
  minSalary: 10,
  maxSalary: 20,
  cityCode: '330100',
  degree: 'Bachelor',
  skills: 'Java,Spring',
  description: '负责后端开发',
  address: '西湖区文三路 90 号',
  ...over,
});

const geocoded: string[] = [];
/** A Nominatim-like geocoder: finds everything except addresses with 无此地. */
const fakeFetch = (async (url: URL) => {
  const q = url.searchParams.get('q') ?? '';
  geocoded.push(q);
  return new Response(JSON.stringify(q.includes('无此地') ? [] : [{ lat: '30.27', lon: '120.13' }]), {
    status: 200,
  });
}) as unknown as typeof fetch;

beforeAll(() => {
  vi.stubGlobal('fetch', fakeFetch);
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe.each(testDrivers())('employer positions and programmes on %s', (driver) => {
  const t = useTestApp(driver, {
    config: { maps: { tileUrl: undefined, attribution: undefined, geocodeUrl: 'http://geo.test/search' } },
  });

  beforeAll(async () => {
    await loadLookups({ db: t.db });
  });

  const client = (token: string) => {
    const api = asUser(t.app, token);
    const send = (method: 'PUT' | 'DELETE') => (url: string, payload?: unknown) =>
      t.app.inject({
        method,
        url,
        headers: { 'x-access-token': token },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    return { ...api, put: send('PUT'), delete: send('DELETE') };
  };
  const employer = async () => {
    const me = await buildSignedInMember(t.db, { identityType: 'Business' });
    const company = await createCompany({ db: t.db, userId: me.user.id, name: unique('企业') });
    return { ...me, company, api: client(me.token) };
  };
  const seeker = async () => {
    const me = await buildSignedInMember(t.db);
    return { ...me, api: client(me.token) };
  };
  const anon = () => ({ get: (url: string) => t.app.inject({ method: 'GET', url }) });

  it('saves the company profile, videos, and shows the public page and names', async () => {
    const boss = await employer();
    const saved = data<Company>(
      await boss.api.put(`${O}/companies/mine`, {
        name: boss.company.name,
        introduction: '我们做教育',
        nickname: '优加',
        financingRound: 'RoundA',
        industry: 'Education',
        scale: 'From100To499',
      }),
    );
    expect(saved).toMatchObject({ nickname: '优加', financingRound: 'RoundA', industry: 'Education' });
    // issue 12's body (no profile fields) keeps them
    const kept = data<Company>(
      await boss.api.put(`${O}/companies/mine`, { name: boss.company.name, introduction: '我们做教育' }),
    );
    expect(kept.nickname).toBe('优加');
    expectError(
      await boss.api.put(`${O}/companies/mine`, { name: 'x', nickname: '一'.repeat(21) }),
      400,
      '企业简称最多20个字',
    );
    expectError(
      await boss.api.put(`${O}/companies/mine`, { name: 'x', scale: 'Huge' }),
      400,
      '请选择正确的企业规模',
    );
    // videos: own mp4 of purpose companyVideo only
    const video = data<{ id: number }>(await upload(t.app, boss.token, 'companyVideo', 'a.mp4', SAMPLES.mp4));
    const png = data<{ id: number }>(await upload(t.app, boss.token, 'logo', 'a.png', SAMPLES.png));
    expectError(
      await upload(t.app, boss.token, 'companyVideo', 'a.webm', SAMPLES.webm),
      400,
      FILES_MSG.badType('mp4格式的视频'),
    );
    expectError(
      await boss.api.post(`${O}/companies/mine/videos`, { fileId: png.id }),
      400,
      FILES_MSG.notUsable,
    );
    const other = await employer();
    expectError(
      await other.api.post(`${O}/companies/mine/videos`, { fileId: video.id }),
      400,
      FILES_MSG.notUsable,
    );
    const withVideo = data<Company>(
      await boss.api.post(`${O}/companies/mine/videos`, { fileId: video.id, title: '宣传片' }),
    );
    const videoId = withVideo.videos?.[0]?.id ?? '';
    expect(withVideo.videos?.[0]).toMatchObject({ title: '宣传片', fileId: video.id });
    const s = await seeker();
    expectError(
      await s.api.post(`${O}/companies/mine/videos`, { fileId: video.id }),
      403,
      INTERNSHIPS_MSG.businessOnly,
    );
    expectError(
      await other.api.delete(`${O}/companies/mine/videos/${videoId}`),
      404,
      EMPLOYER_MSG.videoNotFound,
    );

    const page = data<CompanyPage>(await anon().get(`${O}/companies/${boss.company.id}`));
    expect(page).toMatchObject({
      nickName: '优加',
      description: '我们做教育',
      financingRoundTitle: 'A轮',
      industryTitle: '教育培训',
      scaleTitle: '100-499人',
      videoCount: 1,
      occupationCount: 0,
    });
    expect(page.videos[0]?.url).toContain('/api/files/');
    expectError(await anon().get(`${O}/companies/999999999`), 404, JOBS_MSG.companyNotFound);
    expectError(await anon().get(`${O}/companies/abc`), 404, JOBS_MSG.companyNotFound);

    const names = data<{ id: string; nickName: string; occupationCount?: number }[]>(
      await anon().get(`${O}/companies/names?search=${encodeURIComponent('优加')}&details=statistics`),
    );
    expect(names.find((n) => n.id === String(boss.company.id))).toMatchObject({ occupationCount: 0 });
    expect(names.length).toBeLessThanOrEqual(10);

    data(await boss.api.delete(`${O}/companies/mine/videos/${videoId}`));
    expect(data<CompanyPage>(await anon().get(`${O}/companies/${boss.company.id}`)).videoCount).toBe(0);
  });

  it('validates a position with the spec-like messages', async () => {
    const boss = await employer();
    const post = (over: Record<string, unknown>) =>
      boss.api.post(`${O}/recruitment_occupations`, position(over));
    expectError(await post({ name: ' ' }), 400, EMPLOYER_MSG.nameRequired);
    expectError(await post({ name: '职'.repeat(31) }), 400, EMPLOYER_MSG.nameTooLong);
    expectError(await post({ jobNature: 'X' }), 400, EMPLOYER_MSG.natureRequired);
    expectError(await post({ minSalary: 30, maxSalary: 20 }), 400, EMPLOYER_MSG.salaryOrder);
    expectError(await post({ maxSalary: 1000 }), 400, EMPLOYER_MSG.salaryInvalid);
    expectError(await post({ minSalary: undefined }), 400, EMPLOYER_MSG.salaryRequired);
    expectError(await post({ cityCode: '' }), 400, EMPLOYER_MSG.cityRequired);
    expectError(await post({ cityCode: '330000' }), 400, EMPLOYER_MSG.cityUnknown);
    expectError(await post({ degree: undefined }), 400, EMPLOYER_MSG.degreeRequired);
    expectError(await post({ description: '字'.repeat(2001) }), 400, EMPLOYER_MSG.descriptionTooLong);
    expectError(await post({ address: '址'.repeat(101) }), 400, EMPLOYER_MSG.addressTooLong);
    const negotiable = data<MyOccupation>(await post({ minSalary: 5, maxSalary: 999 }));
    expect([negotiable.minSalary, negotiable.maxSalary]).toEqual([999, 999]);
  });

  it('lets only the company’s business users manage its positions; online, offline, public list and detail', async () => {
    const boss = await employer();
    const other = await employer();
    const s = await seeker();
    expectError(await s.api.get(`${O}/recruitment_occupations/mine`), 403, INTERNSHIPS_MSG.businessOnly);
    expectError(
      await s.api.post(`${O}/recruitment_occupations`, position()),
      403,
      INTERNSHIPS_MSG.businessOnly,
    );
    const lone = await buildSignedInMember(t.db, { identityType: 'Business' });
    expectError(
      await client(lone.token).get(`${O}/recruitment_occupations/mine`),
      403,
      INTERNSHIPS_MSG.companyRequired,
    );
    expectError(await anon().get(`${O}/recruitment_occupations/mine`), 401, MSG.unauthorized);

    const created = data<MyOccupation>(await boss.api.post(`${O}/recruitment_occupations`, position()));
    expect(created).toMatchObject({
      onlined: 'No',
      approvalAt: null,
      cityName: '杭州市',
      provinceName: '浙江省',
      location: { longitude: 120.13, latitude: 30.27 },
    });
    expect(geocoded.at(-1)).toBe('杭州市西湖区文三路 90 号');
    const lost = data<MyOccupation>(
      await boss.api.put(`${O}/recruitment_occupations/${created.id}`, position({ address: '无此地' })),
    );
    expect(lost).toMatchObject({ address: '无此地', location: null });
    // another company's id
    expectError(
      await other.api.put(`${O}/recruitment_occupations/${created.id}`, position()),
      404,
      JOBS_MSG.occupationNotFound,
    );
    expectError(
      await other.api.put(`${O}/recruitment_occupations/${created.id}/online`),
      404,
      JOBS_MSG.occupationNotFound,
    );
    expectError(
      await other.api.delete(`${O}/recruitment_occupations/${created.id}/online`),
      404,
      JOBS_MSG.occupationNotFound,
    );
    expectError(
      await s.api.put(`${O}/recruitment_occupations/${created.id}/online`),
      403,
      INTERNSHIPS_MSG.businessOnly,
    );
    expect(data<MyOccupationPage>(await other.api.get(`${O}/recruitment_occupations/mine`)).total).toBe(0);

    // offline: not listed; detail hides description and address
    const hidden = data<OccupationDetail>(await anon().get(`${O}/recruitment_occupations/${created.id}`));
    expect(hidden).toMatchObject({ onlined: 'No', description: '', address: '', location: null });
    const byCompany = `${O}/recruitment_occupations?companyId=${boss.company.id}`;
    expect(data<JobCardPage>(await anon().get(byCompany)).total).toBe(0);

    const online = await boss.api.put(`${O}/recruitment_occupations/${created.id}/online`);
    expect(online.json().message).toBe(EMPLOYER_MSG.onlined);
    expect((online.json().data as MyOccupation).approvalAt).toBeTypeOf('number');
    data<MyOccupation>(await boss.api.put(`${O}/recruitment_occupations/${created.id}`, position()));
    const second = data<MyOccupation>(
      await boss.api.post(
        `${O}/recruitment_occupations`,
        position({ name: '前端实习生', jobNature: 'Internship' }),
      ),
    );
    t.clock.advance(1000);
    data(await boss.api.put(`${O}/recruitment_occupations/${second.id}/online`));
    const cards = data<JobCardPage>(await anon().get(byCompany));
    expect(cards.total).toBe(2);
    expect(cards.rows.map((r) => r.id)).toEqual([second.id, created.id]);
    expect(cards.rows[0]).toMatchObject({ jobNatureTitle: '实习', cityName: '杭州市', degreeTitle: '本科' });
    expect(data<JobCardPage>(await anon().get(`${byCompany}&jobNature=FullTime`)).total).toBe(1);
    expect(data<JobCardPage>(await anon().get(`${byCompany}&cityCode=110100`)).total).toBe(0);
    expect(
      data<JobCardPage>(await anon().get(`${byCompany}&search=${encodeURIComponent('前端')}`)).total,
    ).toBe(1);
    expect(data<JobCardPage>(await anon().get(`${byCompany}&pageSize=1&pageNumber=2`)).rows[0]?.id).toBe(
      created.id,
    );
    const names = data<{ id: string }[]>(
      await anon().get(`${O}/recruitment_occupations/names?search=${encodeURIComponent('前端实习')}`),
    );
    expect(names.some((n) => n.id === second.id)).toBe(true);
    expect(data<CompanyPage>(await anon().get(`${O}/companies/${boss.company.id}`)).occupationCount).toBe(2);

    // detail: personalised when signed in
    const shown = data<OccupationDetail>(await anon().get(`${O}/recruitment_occupations/${created.id}`));
    expect(shown).toMatchObject({
      onlined: 'Yes',
      description: '负责后端开发',
      favorite: false,
      record: null,
    });
    expect(shown.company.name).toBe(boss.company.name);
    const [fav] = await t.db
      .insert(favourites)
      .values({ userId: s.user.id, targetType: 'Occupation', targetId: Number(created.id) })
      .returning();
    const [delivery] = await t.db
      .insert(deliveryRecords)
      .values({
        userId: s.user.id,
        companyId: boss.company.id,
        campusRecruitMode: 'Recruitment',
        occupationId: Number(created.id),
        resumeType: 'Online',
        resumeId: 1,
      })
      .returning();
    const mine = data<OccupationDetail>(await s.api.get(`${O}/recruitment_occupations/${created.id}`));
    expect(mine).toMatchObject({
      favorite: true,
      favoriteId: String(fav?.id),
      record: { id: String(delivery?.id) },
      feedBack: 'No',
    });
    await t.db
      .insert(deliveryFeedbacks)
      .values({ deliveryId: delivery?.id ?? 0, type: 'Inappropriate', createdBy: boss.user.id });
    expect(
      data<OccupationDetail>(await s.api.get(`${O}/recruitment_occupations/${created.id}`)).feedBack,
    ).toBe('Yes');

    const off = await boss.api.delete(`${O}/recruitment_occupations/${created.id}/online`);
    expect(off.json().message).toBe(EMPLOYER_MSG.offlined);
    expect(data<JobCardPage>(await anon().get(byCompany)).total).toBe(1);
    expect(
      data<MyOccupationPage>(await boss.api.get(`${O}/recruitment_occupations/mine?onlined=No`)).total,
    ).toBe(1);
    expectError(await anon().get(`${O}/recruitment_occupations/99999999`), 404, JOBS_MSG.occupationNotFound);
  });

  it('publishes an internship group as a programme with positions; offline only to applicants', async () => {
    const boss = await employer();
    const other = await employer();
    const s = await seeker();
    const start = Date.now() - DAY;
    const group = data<ManagedGroup>(
      await boss.api.post(`${O}/internship_groups`, {
        name: '暑期实习项目',
        startTimestamp: start,
        endTimestamp: start + 60 * DAY,
      }),
    );
    const g = `${O}/internship_groups/${group.id}`;
    expectError(
      await boss.api.put(`${g}/recruitment`, { recruitState: 'Online' }),
      400,
      EMPLOYER_MSG.programNeedsOccupation,
    );
    expectError(
      await boss.api.put(`${g}/recruitment`, { recruitState: 'Draft' }),
      400,
      EMPLOYER_MSG.recruitStateInvalid,
    );
    expectError(
      await boss.api.post(`${g}/intern_occupations`, position({ name: '' })),
      400,
      EMPLOYER_MSG.nameRequired,
    );
    const pos = data<{ id: string; location: unknown }>(
      await boss.api.post(`${g}/intern_occupations`, position({ jobNature: 'Internship' })),
    );
    expect(pos.location).toEqual({ longitude: 120.13, latitude: 30.27 });
    // another company, a student
    expectError(await other.api.get(`${g}/intern_occupations`), 404, INTERNSHIPS_MSG.groupNotFound);
    expectError(
      await other.api.post(`${g}/intern_occupations`, position()),
      404,
      INTERNSHIPS_MSG.groupNotFound,
    );
    expectError(
      await other.api.put(`${g}/recruitment`, { recruitState: 'Online' }),
      404,
      INTERNSHIPS_MSG.groupNotFound,
    );
    expectError(
      await other.api.put(`${O}/intern_occupations/${pos.id}`, position()),
      404,
      EMPLOYER_MSG.internOccupationNotFound,
    );
    expectError(
      await other.api.delete(`${O}/intern_occupations/${pos.id}`),
      404,
      EMPLOYER_MSG.internOccupationNotFound,
    );
    expectError(
      await s.api.put(`${g}/recruitment`, { recruitState: 'Online' }),
      403,
      INTERNSHIPS_MSG.businessOnly,
    );
    expectError(await s.api.delete(`${O}/intern_occupations/${pos.id}`), 403, INTERNSHIPS_MSG.businessOnly);

    // draft: not public
    expectError(await anon().get(`${O}/intern_programs/${group.id}`), 404, JOBS_MSG.programNotFound);
    expectError(
      await anon().get(`${O}/intern_occupations/${pos.id}`),
      404,
      EMPLOYER_MSG.internOccupationNotFound,
    );

    const online = await boss.api.put(`${g}/recruitment`, { recruitState: 'Online' });
    expect(online.json().message).toBe(EMPLOYER_MSG.programOnline);
    expect(data<GroupRecruitment>(await boss.api.get(`${g}/intern_occupations`))).toMatchObject({
      recruitState: 'Online',
      rows: [{ id: pos.id, cityName: '杭州市' }],
    });
    const list = data<InternProgramPage>(await anon().get(`${O}/intern_programs?pageSize=100`));
    expect(list.rows.find((r) => r.id === group.id)).toMatchObject({
      name: '暑期实习项目',
      status: 'Underway',
    });
    const detail = data<InternProgramDetail>(await anon().get(`${O}/intern_programs/${group.id}`));
    expect(detail).toMatchObject({
      deleted: 'No',
      record: null,
      occupations: [{ id: pos.id, internProgramId: group.id }],
    });
    data(await anon().get(`${O}/intern_occupations/${pos.id}`));

    const renamed = data<{ name: string }>(
      await boss.api.put(`${O}/intern_occupations/${pos.id}`, position({ name: '测试实习生' })),
    );
    expect(renamed.name).toBe('测试实习生');

    const [delivery] = await t.db
      .insert(deliveryRecords)
      .values({
        userId: s.user.id,
        companyId: boss.company.id,
        campusRecruitMode: 'InternProgram',
        internGroupId: Number(group.id),
        resumeType: 'Online',
        resumeId: 1,
      })
      .returning();
    const off = await boss.api.put(`${g}/recruitment`, { recruitState: 'Offline' });
    expect(off.json().message).toBe(EMPLOYER_MSG.programOffline);
    expect(
      data<InternProgramPage>(await anon().get(`${O}/intern_programs?pageSize=100`)).rows.some(
        (r) => r.id === group.id,
      ),
    ).toBe(false);
    expectError(await anon().get(`${O}/intern_programs/${group.id}`), 404, JOBS_MSG.programNotFound);
    const other2 = await seeker();
    expectError(await other2.api.get(`${O}/intern_programs/${group.id}`), 404, JOBS_MSG.programNotFound);
    const applied = data<InternProgramDetail>(await s.api.get(`${O}/intern_programs/${group.id}`));
    expect(applied).toMatchObject({ deleted: 'Yes', record: { id: String(delivery?.id) } });
    data(await s.api.get(`${O}/intern_occupations/${pos.id}`));

    const deleted = await boss.api.delete(`${O}/intern_occupations/${pos.id}`);
    expect(deleted.json().message).toBe(EMPLOYER_MSG.deleted);
    expect(data<GroupRecruitment>(await boss.api.get(`${g}/intern_occupations`)).rows).toEqual([]);
  });
});
