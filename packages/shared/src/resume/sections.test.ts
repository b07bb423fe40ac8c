import { describe, expect, it } from 'vitest';
import { COMPLETENESS_PARTS } from './completeness';
import { RESUME_MSG } from './rules';
import {
  awardCreateBody,
  educationCreateBody,
  evaluationBody,
  internshipUpdateBody,
  languageCreateBody,
  resumeFacts,
  societyCreateBody,
} from './sections';

const month = (y: number, m: number) => Date.UTC(y, m - 1, 1);
/** The message a body is refused with (the first issue, as the server answers it), or null. */
const messageOf = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  body: unknown,
) => {
  const parsed = schema.safeParse(body);
  return parsed.success ? null : (parsed.error?.issues[0]?.message ?? '');
};

describe('resume section bodies (spec 5 through the checkers of rules.ts)', () => {
  it('answers the first failing rule in the spec’s order', () => {
    expect(messageOf(educationCreateBody, { resumeId: 1 })).toBe(RESUME_MSG.schoolRequired);
    expect(messageOf(educationCreateBody, { resumeId: 1, schoolCode: '10001', degree: 'Bachelor' })).toBe(
      RESUME_MSG.majorRequired,
    );
    expect(
      messageOf(educationCreateBody, {
        resumeId: 1,
        schoolCode: '10001',
        majorCode: '080901',
        degree: 'Bachelor',
        enrolmentAt: month(2024, 9),
        graduateAt: month(2024, 6),
      }),
    ).toBe(RESUME_MSG.startAfterEnd);
    expect(messageOf(internshipUpdateBody, { companyName: '公司', occupationName: '岗位' })).toBe(
      RESUME_MSG.workTimeRequired,
    );
    expect(
      messageOf(societyCreateBody, { resumeId: 1, societyName: '社团', occupationName: '社长', endAt: 1 }),
    ).toBe(RESUME_MSG.startTimeRequired);
    expect(messageOf(awardCreateBody, { resumeId: 1, name: '奖' })).toBe(RESUME_MSG.awardedAtRequired);
    expect(messageOf(languageCreateBody, { resumeId: 1, language: '英语' })).toBe(
      RESUME_MSG.proficiencyRequired,
    );
    expect(messageOf(evaluationBody, { strength: '字'.repeat(501) })).toBe(RESUME_MSG.strengthTooLong);
    expect(messageOf(evaluationBody, { evaluation: '字'.repeat(500) })).toBeNull();
  });

  it('wrong types and oversize values get the field’s own message', () => {
    expect(messageOf(awardCreateBody, { resumeId: 1, name: 5, awardedAt: 1 })).toBe(RESUME_MSG.awardRequired);
    expect(messageOf(awardCreateBody, { resumeId: 1, name: '奖'.repeat(5000), awardedAt: 1 })).toBe(
      RESUME_MSG.awardTooLong,
    );
    expect(messageOf(awardCreateBody, { resumeId: 1, name: '奖', awardedAt: '2024-01' })).toBe(
      RESUME_MSG.awardedAtRequired,
    );
  });

  it('the completeness facts are the parts of the completeness rule', () => {
    expect(Object.keys(resumeFacts.shape).sort()).toEqual(COMPLETENESS_PARTS.map((p) => p.part).sort());
  });
});
