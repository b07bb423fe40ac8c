import { describe, expect, it } from 'vitest';
import {
  firstAcceptedError,
  firstEducationError,
  firstIntentionError,
  firstPersonalError,
  formatSalary,
  pickCity,
  RESUME_MSG,
} from './rules';

const month = (y: number, m: number) => Date.UTC(y, m - 1, 1);

describe('resume rules (spec 5)', () => {
  it('checks personal information in the spec order', () => {
    const now = Date.UTC(2026, 10, 24);
    const ok = { name: '王小明', birthday: month(2003, 5), sex: 'Male', mobile: '13812345678' };
    expect(firstPersonalError({}, now)?.message).toBe(RESUME_MSG.nameRequired);
    expect(firstPersonalError({ name: '一二三四五六七八九' }, now)?.message).toBe(RESUME_MSG.nameTooLong);
    expect(firstPersonalError({ name: '王小明' }, now)?.message).toBe(RESUME_MSG.birthdayRequired);
    expect(firstPersonalError({ ...ok, email: 'nope' }, now)?.message).toBe(RESUME_MSG.emailInvalid);
    expect(firstPersonalError({ ...ok, mobile: '' }, now)?.message).toBe(RESUME_MSG.mobileRequired);
    expect(firstPersonalError({ ...ok, mobile: '12812345678' }, now)?.message).toBe(RESUME_MSG.mobileInvalid);
    expect(firstPersonalError({ ...ok, email: 'a@b.cn' }, now)).toBeNull();
  });

  it('applies the time rules of a period', () => {
    const base = { schoolCode: '10001', degree: 'Bachelor', majorCode: '080901' };
    expect(firstEducationError(base)?.message).toBe(RESUME_MSG.schoolTimeRequired);
    expect(firstEducationError({ ...base, graduateAt: month(2024, 6) })?.message).toBe(
      RESUME_MSG.startTimeRequired,
    );
    expect(firstEducationError({ ...base, enrolmentAt: month(2020, 9) })?.message).toBe(
      RESUME_MSG.endTimeRequired,
    );
    expect(
      firstEducationError({ ...base, enrolmentAt: month(2024, 9), graduateAt: month(2020, 6) })?.message,
    ).toBe(RESUME_MSG.startAfterEnd);
  });

  it('applies the salary and city rules of the job intention', () => {
    const base = { standardOccupationCodes: ['2-02-10'], cityCodes: ['110100'] };
    expect(firstIntentionError({ ...base, minSalary: 5 })?.message).toBe(RESUME_MSG.maxSalaryRequired);
    expect(firstIntentionError({ ...base, maxSalary: 5 })?.message).toBe(RESUME_MSG.minSalaryRequired);
    expect(firstIntentionError({ ...base, minSalary: 9, maxSalary: 5 })?.message).toBe(
      RESUME_MSG.salaryOrder,
    );
    expect(firstIntentionError({ ...base, minSalary: 5, maxSalary: 5 })?.message).toBe(
      RESUME_MSG.salaryEqual,
    );
    expect(firstIntentionError({ ...base, cityCodes: [] })?.message).toBe(RESUME_MSG.citiesRequired);
    expect(pickCity(['110100'], '')).toEqual(['']);
    expect(pickCity([''], '310100')).toEqual(['310100']);
    expect(pickCity(['1', '2', '3'], '4')).toBeNull();
    expect(formatSalary(999, 999)).toBe('面议');
    expect(formatSalary(8, 12)).toBe('8-12k');
  });

  it('asks position before company in the accepted dialog', () => {
    expect(firstAcceptedError({})?.message).toBe(RESUME_MSG.acceptedPositionRequired);
    expect(firstAcceptedError({ occupationName: '前端工程师' })?.message).toBe(
      RESUME_MSG.acceptedCompanyRequired,
    );
  });
});
