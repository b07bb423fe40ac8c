import { describe, expect, it } from 'vitest';
import { memberProfileKindOf, portraitFileIdOf, portraitRef } from './career';

describe('memberProfileKindOf: the five PUT member_profiles bodies told apart by their keys', () => {
  it('finds each kind by its marker keys, even with null values', () => {
    expect(memberProfileKindOf({ cityCodes: [], standardOccupationCodes: [] })).toBe('intention');
    expect(memberProfileKindOf({ minSalary: null })).toBe('intention');
    expect(memberProfileKindOf({ status: 'Seeking' })).toBe('status');
    expect(memberProfileKindOf({ status: 'Accepted', companyName: 'a', occupationName: 'b' })).toBe('status');
    expect(memberProfileKindOf({ name: 'a', birthday: 1, sex: 'Male', mobile: null })).toBe('personal');
    expect(memberProfileKindOf({ name: 'a', portrait: 'file:1' })).toBe('personal');
    expect(memberProfileKindOf({ schoolCode: 'x', majorCode: 'y', degree: 'Bachelor', resumeId: 1 })).toBe(
      'editTop',
    );
    expect(memberProfileKindOf({ schoolCode: 'x', majorCode: 'y', degree: 'Bachelor' })).toBe('editTop');
  });

  it('keeps the profile-completion dialog’s body (and an empty one) as completion', () => {
    expect(
      memberProfileKindOf({
        name: 'a',
        sex: 'Male',
        birthday: 1,
        degree: 'Bachelor',
        schoolCode: 'x',
        majorCode: 'y',
        enrolmentAt: 1,
        graduateAt: 1,
      }),
    ).toBe('completion');
    expect(memberProfileKindOf({})).toBe('completion');
  });

  it('answers null for markers of two kinds', () => {
    expect(memberProfileKindOf({ mobile: '1', status: 'Seeking' })).toBeNull();
    expect(memberProfileKindOf({ cityCodes: [], gradingRank: 'Top10' })).toBeNull();
  });

  it('portrait references round-trip; anything else is not one', () => {
    expect(portraitFileIdOf(portraitRef(42))).toBe(42);
    expect(portraitFileIdOf('/api/files/42/content')).toBeNull();
    expect(portraitFileIdOf('file:')).toBeNull();
  });
});
