import { describe, expect, it } from 'vitest';
import {
  DEGREES,
  defaultEnrolmentYear,
  degreeLabel,
  enrolmentYearChoices,
  firstProfileError,
  isProfileComplete,
  memberProfileBody,
  PROFILE_MSG,
  type ProfileForm,
  SEXES,
  yearOfStart,
  yearStart,
} from './member-profile';

const NOW = new Date(2026, 5, 15, 12, 0, 0);
const FULL: Required<ProfileForm> = {
  name: '王小明',
  sex: 'Male',
  birthday: new Date(2004, 2, 8).getTime(),
  schoolCode: '10001',
  majorCode: '080902',
  degree: 'Bachelor',
  enrolmentYear: 2024,
};

describe('profile constants', () => {
  it('has the spec’s messages, degrees and sexes in Chinese', () => {
    expect(PROFILE_MSG).toMatchObject({
      nameRequired: '请输入姓名',
      nameTooLong: '姓名不能超过8个字符',
      birthdayRequired: '请选择出生日期',
      schoolRequired: '请选择学校',
      majorRequired: '请选择专业',
      degreeRequired: '请选择学历',
      enrolmentYearRequired: '请选择入学年份',
      title: '完善个人信息',
      saved: '保存成功',
    });
    expect(DEGREES.map((d) => `${d.value}:${d.label}`)).toEqual([
      'College:大专',
      'Bachelor:本科',
      'Master:硕士',
      'Doctor:博士',
      'Other:其他',
    ]);
    expect(SEXES.map((s) => s.label)).toEqual(['男', '女']);
    expect(degreeLabel('Master')).toBe('硕士');
    expect(degreeLabel(null)).toBe('');
  });

  it('offers the current year back 12 years, newest first, default current minus 2', () => {
    const years = enrolmentYearChoices(NOW);
    expect(years).toHaveLength(13);
    expect(years[0]).toBe(2026);
    expect(years[12]).toBe(2014);
    expect(defaultEnrolmentYear(NOW)).toBe(2024);
    expect(years).toContain(defaultEnrolmentYear(NOW));
    // on Jan 1 and Dec 31 the list follows the calendar year
    expect(enrolmentYearChoices(new Date(2027, 0, 1, 0, 0))[0]).toBe(2027);
    expect(enrolmentYearChoices(new Date(2026, 11, 31, 23, 59))[12]).toBe(2014);
  });

  it('Jan 1 of a year reads back as that year whatever the time zone', () => {
    for (const y of [1999, 2014, 2026]) expect(yearOfStart(yearStart(y))).toBe(y);
    expect(yearStart(2024)).toBe(Date.UTC(2024, 0, 1));
  });
});

describe('firstProfileError checks in the spec’s order', () => {
  const cases: [string, ProfileForm, string | null, string?][] = [
    ['complete', FULL, null],
    ['everything missing -> name first', {}, PROFILE_MSG.nameRequired, 'name'],
    ['blank name', { ...FULL, name: '   ' }, PROFILE_MSG.nameRequired, 'name'],
    ['8 characters is fine', { ...FULL, name: '一二三四五六七八' }, null],
    ['9 characters', { ...FULL, name: '一二三四五六七八九' }, PROFILE_MSG.nameTooLong, 'name'],
    ['8 latin letters', { ...FULL, name: 'abcdefgh' }, null],
    ['9 latin letters', { ...FULL, name: 'abcdefghi' }, PROFILE_MSG.nameTooLong, 'name'],
    ['name ok, rest missing -> birth date', { name: '李' }, PROFILE_MSG.birthdayRequired, 'birthday'],
    ['birthday in the future', { ...FULL, birthday: NOW.getTime() + 1 }, PROFILE_MSG.birthdayInvalid],
    ['birthday before 1950', { ...FULL, birthday: Date.UTC(1949, 11, 31) }, PROFILE_MSG.birthdayInvalid],
    ['birthday Jan 1 1950', { ...FULL, birthday: Date.UTC(1950, 0, 1) }, null],
    ['school then major', { ...FULL, schoolCode: null, majorCode: null }, PROFILE_MSG.schoolRequired],
    ['major', { ...FULL, majorCode: '' }, PROFILE_MSG.majorRequired, 'majorCode'],
    [
      'degree and year missing -> degree',
      { ...FULL, degree: null, enrolmentYear: null },
      PROFILE_MSG.degreeRequired,
    ],
    ['unknown degree', { ...FULL, degree: 'PhD' }, PROFILE_MSG.degreeRequired],
    ['enrolment year', { ...FULL, enrolmentYear: null }, PROFILE_MSG.enrolmentYearRequired, 'enrolmentYear'],
    ['oldest choice', { ...FULL, enrolmentYear: 2014 }, null],
    ['older than the choices', { ...FULL, enrolmentYear: 2013 }, PROFILE_MSG.enrolmentYearInvalid],
    ['next year', { ...FULL, enrolmentYear: 2027 }, PROFILE_MSG.enrolmentYearInvalid],
    ['sex last', { ...FULL, sex: null }, PROFILE_MSG.sexRequired, 'sex'],
    ['unknown sex', { ...FULL, sex: '1' }, PROFILE_MSG.sexRequired],
  ];
  it.each(cases)('%s', (_, form, message, field) => {
    const error = firstProfileError(form, NOW);
    expect(error?.message ?? null).toBe(message);
    if (field) expect(error?.field).toBe(field);
  });
});

describe('memberProfileBody', () => {
  const body = {
    name: FULL.name,
    sex: FULL.sex,
    birthday: FULL.birthday,
    degree: FULL.degree,
    schoolCode: FULL.schoolCode,
    majorCode: FULL.majorCode,
    enrolmentAt: yearStart(defaultEnrolmentYear()),
    graduateAt: yearStart(new Date().getFullYear()),
  };
  it('accepts a complete body', () => {
    expect(memberProfileBody.safeParse(body).success).toBe(true);
  });
  it('answers with the first message in the spec’s order', () => {
    const res = memberProfileBody.safeParse({ sex: 'Male', degree: 'Bachelor' });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe(PROFILE_MSG.nameRequired);
    const noSchool = memberProfileBody.safeParse({ ...body, schoolCode: undefined, enrolmentAt: undefined });
    expect(noSchool.error?.issues[0]?.message).toBe(PROFILE_MSG.schoolRequired);
  });
});

describe('isProfileComplete', () => {
  const profile = {
    name: '王',
    sex: 'Male',
    birthday: 1,
    schoolCode: '10001',
    majorCode: '080902',
    degree: 'Bachelor',
    enrolmentAt: 1,
  };
  it.each([
    ['complete', profile, true],
    ['none', null, false],
    ['no name', { ...profile, name: null }, false],
    ['no sex', { ...profile, sex: null }, false],
    ['no birthday', { ...profile, birthday: null }, false],
    ['no school', { ...profile, schoolCode: null }, false],
    ['no major', { ...profile, majorCode: '' }, false],
    ['no degree', { ...profile, degree: null }, false],
    ['no enrolment', { ...profile, enrolmentAt: null }, false],
  ] as const)('%s', (_, p, expected) => {
    expect(isProfileComplete(p)).toBe(expected);
  });
});
