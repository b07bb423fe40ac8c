import {
  FILES_MSG,
  type MemberDetail,
  MIXED_BODY_MSG,
  PROFILE_MSG,
  RESUME_MSG,
  STATUS_INVALID_MSG,
} from '@uplus/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { divisionCatalog, occupationCatalog } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { buildSignedInMember } from '../../test/factories';
import { createCompany } from '../employer/employer.service';
import { multipart, SAMPLES, upload } from '../files/test-files';
import { careerProfileOf, loadCatalogues } from './member-profile.service';
import { ageAt } from './member-profile-career.service';

const O = '/api/ourea';

/** Test rows of the division and occupation catalogues (codes the shipped data never uses). */
const DIVISIONS = [
  { code: 'T11', name: '测试省', parentCode: '', level: 1, letter: 'C' },
  { code: 'T1101', name: '测试市', parentCode: 'T11', level: 2, letter: 'C' },
  { code: 'T1102', name: '样例市', parentCode: 'T11', level: 2, letter: 'Y' },
  { code: 'T12', name: '别的省', parentCode: '', level: 1, letter: 'B' },
  { code: 'T1201', name: '别的市', parentCode: 'T12', level: 2, letter: 'B' },
];
const OCCUPATIONS = [
  { code: 'T9', name: '测试大类', parentCode: '0', level: 1 },
  { code: 'T9-01', name: '测试中类', parentCode: 'T9', level: 2 },
  { code: 'T9-01-01', name: '软件测试员', parentCode: 'T9-01', level: 3 },
  { code: 'T9-01-02', name: '软件开发员', parentCode: 'T9-01', level: 3 },
  { code: 'T9-01-03', name: '数据分析员', parentCode: 'T9-01', level: 3 },
  { code: 'T9-01-04', name: '产品经理', parentCode: 'T9-01', level: 3 },
];

describe.each(testDrivers())('member profile, career side, on %s', (driver) => {
  const t = useTestApp(driver);

  beforeAll(async () => {
    await loadCatalogues({ db: t.db });
    await t.db.insert(divisionCatalog).values(DIVISIONS).onConflictDoNothing();
    await t.db.insert(occupationCatalog).values(OCCUPATIONS).onConflictDoNothing();
  });

  const headers = (token: string) => ({ 'x-access-token': token });
  const put = (token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `${O}/member_profiles`, headers: headers(token), payload });
  const members = async (token: string, details = 'organ,profile,intentions,citys,account', id?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${O}/members?details=${details}${id === undefined ? '' : `&id=${id}`}`,
      headers: headers(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as MemberDetail;
  };
  const expect400 = (
    res: { statusCode: number; body: string; json: () => { message: string } },
    message: string,
  ) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
  };
  const personal = () => ({
    portrait: undefined as string | null | undefined,
    name: '李华',
    email: 'lihua@example.com',
    birthday: Date.UTC(2003, 4, 20, 16),
    sex: 'Female',
    mobile: '13812345678',
    domicileProvinceCode: 'T11',
    domicileCityCode: 'T1101',
  });
  const month = (y: number, m: number) => Date.UTC(y, m - 1, 1);
  const editTop = () => ({
    schoolCode: '10001',
    majorCode: '080902',
    degree: 'Master',
    enrolmentAt: month(2022, 9),
    graduateAt: month(2025, 6),
    gradingRank: 'Top10',
  });
  const intention = () => ({
    standardOccupationCodes: ['T9-01-02', 'T9-01-01'],
    cityCodes: ['T1102', 'T1101'],
    minSalary: 8,
    maxSalary: 12,
  });
  const uploadAvatar = (token: string, resourceId: number | string, name: string, bytes: Buffer) => {
    const body = multipart({ name, bytes });
    return t.app.inject({
      method: 'POST',
      url: `/api/portal/file_storages/upload?resourceType=memberMaterial&resourceId=${resourceId}`,
      payload: body.payload,
      headers: { ...body.headers, ...headers(token) },
    });
  };

  it('answers 401 without a token on every call', async () => {
    for (const [method, url] of [
      ['GET', `${O}/members`],
      ['PUT', `${O}/member_profiles/political?politicalStatus=Masses`],
      ['PUT', `${O}/member_profiles/visible`],
      ['DELETE', `${O}/member_profiles/visible`],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
    const body = multipart({ name: 'a.png', bytes: SAMPLES.png });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/portal/file_storages/upload?resourceType=memberMaterial&resourceId=1',
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode).toBe(401);
  });

  it('personal information: saved, read back with sexTitle, age and the domicile names', async () => {
    const me = await buildSignedInMember(t.db);
    const res = await put(me.token, { ...personal(), name: ' 李华 ', email: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(PROFILE_MSG.saved);
    const detail = await members(me.token);
    expect(detail).toMatchObject({
      id: String(me.user.id),
      name: '李华',
      account: { username: me.user.username },
      organ: { id: me.school.id, name: me.school.name, leafName: me.klass.name },
      profile: {
        name: '李华',
        sex: 'Female',
        sexTitle: '女',
        email: null,
        mobile: '13812345678',
        birthday: Date.UTC(2003, 4, 20, 16),
        age: ageAt(Date.UTC(2003, 4, 20, 16), t.clock.now().getTime()),
        domicileProvinceName: '测试省',
        domicileCityName: '测试市',
        portrait: '',
        status: 'Seeking',
        statusTitle: '正在求职',
        visible: 'Yes',
        politicalStatus: null,
        politicalStatusTitle: '',
      },
      intentions: [],
      citys: [],
    });
    // Secrecy is kept and shown as 男
    await put(me.token, { ...personal(), sex: 'Secrecy' });
    expect((await members(me.token, 'profile')).profile).toMatchObject({ sex: 'Secrecy', sexTitle: '男' });
    // only the parts asked for
    const bare = await members(me.token, 'profile');
    expect(bare.intentions).toBeUndefined();
    expect(bare.account).toBeUndefined();
  });

  it('ages are whole years in China time', () => {
    // born 2000-05-21 in China (20 May 16:00 UTC)
    const born = Date.UTC(2000, 4, 20, 16);
    expect(ageAt(born, Date.UTC(2020, 4, 20, 15))).toBe(19);
    expect(ageAt(born, Date.UTC(2020, 4, 20, 16))).toBe(20);
  });

  it('personal information: every rule of spec 5, in the order name, birthday, email, mobile', async () => {
    const me = await buildSignedInMember(t.db);
    const cases: [object, string][] = [
      [{ name: '' }, RESUME_MSG.nameRequired],
      [{ name: '一二三四五六七八九' }, RESUME_MSG.nameTooLong],
      [{ name: '', birthday: null }, RESUME_MSG.nameRequired],
      [{ birthday: null }, RESUME_MSG.birthdayRequired],
      [{ birthday: t.clock.now().getTime() + 86_400_000 }, RESUME_MSG.birthdayInvalid],
      [{ email: 'not-an-email' }, RESUME_MSG.emailInvalid],
      [{ email: `${'a'.repeat(20)}@example.com` }, RESUME_MSG.emailTooLong],
      [{ email: 'bad', mobile: '' }, RESUME_MSG.emailInvalid],
      [{ mobile: '' }, RESUME_MSG.mobileRequired],
      [{ mobile: null }, RESUME_MSG.mobileRequired],
      [{ mobile: '12812345678' }, RESUME_MSG.mobileInvalid],
      [{ mobile: '1381234567' }, RESUME_MSG.mobileInvalid],
      [{ mobile: '138123456789' }, RESUME_MSG.mobileInvalid],
      [{ sex: 'Unknown' }, RESUME_MSG.sexRequired],
      [{ domicileCityCode: 'T1201' }, RESUME_MSG.domicileInvalid],
      [{ domicileProvinceCode: 'T1101' }, RESUME_MSG.domicileInvalid],
      [{ domicileProvinceCode: null }, RESUME_MSG.domicileInvalid],
      [{ domicileCityCode: 'NOPE' }, RESUME_MSG.domicileInvalid],
    ];
    for (const [change, message] of cases)
      expect400(await put(me.token, { ...personal(), ...change }), message);
    for (const mobile of ['13012345678', '19912345678', '15500000000'])
      expect((await put(me.token, { ...personal(), mobile })).statusCode, mobile).toBe(200);
    // domicile is optional
    expect(
      (await put(me.token, { ...personal(), domicileProvinceCode: null, domicileCityCode: null })).statusCode,
    ).toBe(200);
  });

  it('avatar: uploaded for oneself only, png/jpeg from the bytes; the portrait must be one’s own upload', async () => {
    const me = await buildSignedInMember(t.db);
    const other = await buildSignedInMember(t.db);
    const refused = await uploadAvatar(me.token, other.user.id, 'avatar.jpg', SAMPLES.jpeg);
    expect(refused.statusCode).toBe(403);
    expect400(
      await uploadAvatar(me.token, me.user.id, 'avatar.jpg', SAMPLES.text),
      FILES_MSG.badType('头像图片'),
    );
    const big = Buffer.concat([SAMPLES.png, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await uploadAvatar(me.token, me.user.id, 'avatar.png', big)).statusCode).toBe(413);

    const res = await uploadAvatar(me.token, me.user.id, 'avatar.jpg', SAMPLES.jpeg);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(RESUME_MSG.avatarUploaded);
    const { url, viewUrl, id } = res.json().data as { url: string; viewUrl: string; id: number };
    expect(url).toBe(`file:${id}`);
    expect((await t.app.inject({ method: 'GET', url: viewUrl })).statusCode).toBe(200);

    // another user cannot use my upload, nor a file uploaded for another purpose, nor a made-up reference
    expect400(await put(other.token, { ...personal(), portrait: url }), FILES_MSG.notUsable);
    const poster = await upload(t.app, me.token, 'poster', 'p.png', SAMPLES.png);
    expect400(
      await put(me.token, { ...personal(), portrait: `file:${poster.json().data.id}` }),
      FILES_MSG.notUsable,
    );
    expect400(
      await put(me.token, { ...personal(), portrait: 'https://evil.example/a.png' }),
      FILES_MSG.notUsable,
    );

    expect((await put(me.token, { ...personal(), portrait: url })).statusCode).toBe(200);
    const profile = (await members(me.token, 'profile')).profile;
    expect(profile?.portraitPath).toBe(url);
    expect((await t.app.inject({ method: 'GET', url: profile?.portrait ?? '' })).statusCode).toBe(200);
    // absent keeps it, null removes it
    await put(me.token, personal());
    expect((await members(me.token, 'profile')).profile?.portraitPath).toBe(url);
    await put(me.token, { ...personal(), portrait: null });
    expect((await members(me.token, 'profile')).profile).toMatchObject({ portrait: '', portraitPath: '' });
  });

  it('editTop: the first education saved on the profile, months kept, with every rule', async () => {
    const me = await buildSignedInMember(t.db);
    // Sep 2022 picked in China arrives as Aug 31 16:00 UTC; Jun 2025 picked in New York as Jun 1 04:00 UTC
    const HOUR = 3_600_000;
    const res = await put(me.token, {
      ...editTop(),
      resumeId: 5,
      enrolmentAt: month(2022, 9) - 8 * HOUR,
      graduateAt: month(2025, 6) + 4 * HOUR,
    });
    expect(res.statusCode, res.body).toBe(200);
    const career = await careerProfileOf({ db: t.db, userId: me.user.id });
    expect(career.topEducation).toEqual({
      schoolCode: '10001',
      schoolName: '北京大学',
      majorCode: '080902',
      majorName: '软件工程',
      degree: 'Master',
      enrolmentAt: month(2022, 9),
      graduateAt: month(2025, 6),
      gradingRank: 'Top10',
    });
    // grade omitted: cleared
    const { gradingRank: _omitted, ...withoutGrade } = editTop();
    expect((await put(me.token, withoutGrade)).statusCode).toBe(200);
    expect((await careerProfileOf({ db: t.db, userId: me.user.id })).topEducation?.gradingRank).toBeNull();

    const cases: [object, string][] = [
      [{ schoolCode: '' }, RESUME_MSG.schoolRequired],
      [{ schoolCode: '', degree: '' }, RESUME_MSG.schoolRequired],
      [{ degree: '' }, RESUME_MSG.degreeRequired],
      [{ degree: 'Unlimited' }, RESUME_MSG.degreeRequired],
      [{ majorCode: null }, RESUME_MSG.majorRequired],
      [{ enrolmentAt: null, graduateAt: null }, RESUME_MSG.schoolTimeRequired],
      [{ enrolmentAt: null }, RESUME_MSG.startTimeRequired],
      [{ graduateAt: null }, RESUME_MSG.endTimeRequired],
      [{ enrolmentAt: month(2026, 1) }, RESUME_MSG.startAfterEnd],
      [{ gradingRank: 'Top1' }, RESUME_MSG.gradingRankInvalid],
      [{ schoolCode: 'NOPE' }, RESUME_MSG.schoolRequired],
      [{ majorCode: 'NOPE' }, RESUME_MSG.majorRequired],
    ];
    for (const [change, message] of cases)
      expect400(await put(me.token, { ...editTop(), ...change }), message);
  });

  it('the profile-completion dialog’s body still goes its own way', async () => {
    const me = await buildSignedInMember(t.db);
    // name present, no marker: the dialog's checks (请输入姓名, not 请填写姓名)
    expect400(await put(me.token, { name: '', sex: 'Male' }), PROFILE_MSG.nameRequired);
    expect400(await put(me.token, {}), PROFILE_MSG.nameRequired);
  });

  it('job-seeking status: Seeking clears company and position; Accepted with its two rules', async () => {
    const me = await buildSignedInMember(t.db);
    const hr = await buildSignedInMember(t.db, { identityType: 'Business' });
    const company = await createCompany({ db: t.db, userId: hr.user.id, name: '测试科技有限公司' });
    const accepted = { status: 'Accepted', companyName: '字节跳动', occupationName: '前端工程师' };
    const res = await put(me.token, { ...accepted, occupationId: 77 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await members(me.token, 'profile')).profile).toMatchObject({
      status: 'Accepted',
      statusTitle: '已接受offer',
      companyName: '字节跳动',
      occupationName: '前端工程师',
      occupationId: '77',
      companyId: null,
    });
    expect((await put(me.token, { ...accepted, companyId: company.id })).statusCode).toBe(200);
    expect((await members(me.token, 'profile')).profile?.companyId).toBe(company.id);
    expect((await put(me.token, { status: 'Seeking', companyName: '', occupationName: '' })).statusCode).toBe(
      200,
    );
    expect((await members(me.token, 'profile')).profile).toMatchObject({
      status: 'Seeking',
      statusTitle: '正在求职',
      companyName: null,
      companyId: null,
      occupationName: null,
      occupationId: null,
    });
    const cases: [object, string][] = [
      [{ occupationName: '' }, RESUME_MSG.acceptedPositionRequired],
      [{ occupationName: '', companyName: '' }, RESUME_MSG.acceptedPositionRequired],
      [{ occupationName: '一二三四五六七八九十一二三四五六' }, RESUME_MSG.acceptedPositionTooLong],
      [{ companyName: '  ' }, RESUME_MSG.acceptedCompanyRequired],
      [{ companyName: '公'.repeat(31) }, RESUME_MSG.acceptedCompanyTooLong],
      [{ status: 'Retired' }, STATUS_INVALID_MSG],
      [{ status: null }, STATUS_INVALID_MSG],
      [{ companyId: 987654321 }, '公司不存在'],
    ];
    for (const [change, message] of cases)
      expect400(await put(me.token, { ...accepted, ...change }), message);
  });

  it('job intention: positions and cities in order, 全国, salary; every rule of spec 5', async () => {
    const me = await buildSignedInMember(t.db);
    const res = await put(me.token, intention());
    expect(res.statusCode, res.body).toBe(200);
    let detail = await members(me.token);
    expect(detail.intentions).toEqual([
      { standardOccupationCode: 'T9-01-02', standardOccupationName: '软件开发员' },
      { standardOccupationCode: 'T9-01-01', standardOccupationName: '软件测试员' },
    ]);
    expect(detail.citys).toEqual([
      { cityCode: 'T1102', cityName: '样例市' },
      { cityCode: 'T1101', cityName: '测试市' },
    ]);
    expect(detail.profile).toMatchObject({ minSalary: 8, maxSalary: 12 });
    // replaced whole; 全国 is the empty code; salary optional
    await put(me.token, { ...intention(), cityCodes: [''], minSalary: null, maxSalary: null });
    detail = await members(me.token);
    expect(detail.citys).toEqual([{ cityCode: '', cityName: '全国' }]);
    expect(detail.profile).toMatchObject({ minSalary: null, maxSalary: null });

    const cases: [object, string][] = [
      [{ standardOccupationCodes: [] }, RESUME_MSG.positionsRequired],
      [{ standardOccupationCodes: null, cityCodes: [] }, RESUME_MSG.positionsRequired],
      [
        { standardOccupationCodes: ['T9-01-01', 'T9-01-02', 'T9-01-03', 'T9-01-04'] },
        RESUME_MSG.positionsMax,
      ],
      [{ cityCodes: [] }, RESUME_MSG.citiesRequired],
      [{ cityCodes: ['T1101', 'T1102', 'T1201', 'T11'] }, RESUME_MSG.citiesMax],
      [{ cityCodes: ['', 'T1101'] }, RESUME_MSG.cityUnknown],
      [{ maxSalary: null }, RESUME_MSG.maxSalaryRequired],
      [{ minSalary: null }, RESUME_MSG.minSalaryRequired],
      [{ minSalary: 15 }, RESUME_MSG.salaryOrder],
      [{ minSalary: 12 }, RESUME_MSG.salaryEqual],
      [{ minSalary: -1 }, RESUME_MSG.salaryInvalid],
      [{ maxSalary: 1000 }, RESUME_MSG.salaryInvalid],
      [{ standardOccupationCodes: ['T9-01'] }, RESUME_MSG.positionUnknown],
      [{ standardOccupationCodes: ['NOPE'] }, RESUME_MSG.positionUnknown],
      [{ cityCodes: ['NOPE'] }, RESUME_MSG.cityUnknown],
      [{ cityCodes: ['T11'] }, RESUME_MSG.cityUnknown],
    ];
    for (const [change, message] of cases)
      expect400(await put(me.token, { ...intention(), ...change }), message);
    // a refused save changed nothing
    expect((await members(me.token)).citys).toEqual([{ cityCode: '', cityName: '全国' }]);
  });

  it('personal, first-education, intention and political saves move the resume’s update time; status does not', async () => {
    const me = await buildSignedInMember(t.db);
    const updateAt = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${O}/resume_onlines`,
        headers: headers(me.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.updateAt as number;
    };
    let last = await updateAt();
    const saves: [string, () => Promise<unknown>][] = [
      ['personal', () => put(me.token, personal())],
      ['editTop', () => put(me.token, editTop())],
      ['intention', () => put(me.token, intention())],
      [
        'political',
        () =>
          t.app.inject({
            method: 'PUT',
            url: `${O}/member_profiles/political?politicalStatus=Masses`,
            headers: headers(me.token),
          }),
      ],
    ];
    for (const [kind, save] of saves) {
      t.clock.advance(60_000);
      await save();
      const now = await updateAt();
      expect(now, kind).toBeGreaterThan(last);
      last = now;
    }
    t.clock.advance(60_000);
    await put(me.token, { status: 'Seeking' });
    expect(await updateAt()).toBe(last);
  });

  it('a body mixing two kinds is refused', async () => {
    const me = await buildSignedInMember(t.db);
    expect400(await put(me.token, { ...personal(), status: 'Seeking' }), MIXED_BODY_MSG);
    expect400(await put(me.token, { ...intention(), gradingRank: 'Top10' }), MIXED_BODY_MSG);
  });

  it('political status: set, cleared with null or empty, refused when unknown', async () => {
    const me = await buildSignedInMember(t.db);
    const set = (q: string) =>
      t.app.inject({ method: 'PUT', url: `${O}/member_profiles/political${q}`, headers: headers(me.token) });
    const res = await set('?politicalStatus=LeagueMember');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ politicalStatus: 'LeagueMember', politicalStatusTitle: '共青团员' });
    expect((await members(me.token, 'profile')).profile?.politicalStatusTitle).toBe('共青团员');
    expect((await set('?politicalStatus=null')).json().data.politicalStatus).toBeNull();
    await set('?politicalStatus=Masses');
    expect((await set('?politicalStatus=')).json().data.politicalStatus).toBeNull();
    expect((await members(me.token, 'profile')).profile?.politicalStatus).toBeNull();
    expect400(await set('?politicalStatus=Anarchist'), RESUME_MSG.politicalInvalid);
  });

  it('privacy switch: DELETE hides (简历隐藏成功), PUT restores (简历已恢复展示)', async () => {
    const me = await buildSignedInMember(t.db);
    const call = (method: 'PUT' | 'DELETE') =>
      t.app.inject({ method, url: `${O}/member_profiles/visible`, headers: headers(me.token) });
    const hide = await call('DELETE');
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toMatchObject({ message: RESUME_MSG.hidden, data: { visible: 'No' } });
    expect((await careerProfileOf({ db: t.db, userId: me.user.id })).visible).toBe(false);
    const show = await call('PUT');
    expect(show.json()).toMatchObject({ message: RESUME_MSG.restored, data: { visible: 'Yes' } });
    expect((await members(me.token, 'profile')).profile?.visible).toBe('Yes');
  });

  it('another user’s id is 403 on GET members; every write lands on the asker’s own row only', async () => {
    const me = await buildSignedInMember(t.db);
    const other = await buildSignedInMember(t.db);
    const res = await t.app.inject({
      method: 'GET',
      url: `${O}/members?id=${other.user.id}&details=profile`,
      headers: headers(me.token),
    });
    expect(res.statusCode).toBe(403);
    expect((await members(me.token, 'profile', String(me.user.id))).id).toBe(String(me.user.id));
    await put(me.token, personal());
    await put(me.token, intention());
    await t.app.inject({ method: 'DELETE', url: `${O}/member_profiles/visible`, headers: headers(me.token) });
    const theirs = await careerProfileOf({ db: t.db, userId: other.user.id });
    expect(theirs).toMatchObject({ name: null, mobile: null, intentions: [], cities: [], visible: true });
  });
});
