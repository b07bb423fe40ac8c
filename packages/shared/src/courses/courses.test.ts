import { describe, expect, it } from 'vitest';
import {
  CLASS_CODE_ALPHABET,
  COURSES_MSG,
  courseBody,
  courseTypesOfUpType,
  coverStyleOf,
  isClassCode,
  joinCourseBody,
  normalizeClassCode,
  studyCoursesQuery,
} from './courses';

describe('course rules', () => {
  it('the class-code alphabet has no look-alike characters', () => {
    for (const c of '0O1IL') expect(CLASS_CODE_ALPHABET).not.toContain(c);
    expect(new Set(CLASS_CODE_ALPHABET).size).toBe(CLASS_CODE_ALPHABET.length);
    expect(CLASS_CODE_ALPHABET).toHaveLength(31);
  });

  it('class codes are trimmed and case-insensitive', () => {
    expect(normalizeClassCode('  sjjgkc26 ')).toBe('SJJGKC26');
    expect(isClassCode('SJJGKC26')).toBe(true);
    expect(isClassCode('SJJGKC2')).toBe(false);
    expect(isClassCode('SJJGKC20')).toBe(false);
  });

  it('the cover comes from the last digit of the id, minus 5 when 5 or more, unless chosen', () => {
    expect([10, 11, 14, 15, 19, 23, 7].map((id) => coverStyleOf({ id }))).toEqual([0, 1, 4, 0, 4, 3, 2]);
    expect(coverStyleOf({ id: '128', coverStyle: null })).toBe(3);
    expect(coverStyleOf({ id: '128', coverStyle: 0 })).toBe(0);
  });

  it('upType 1 is theory, 2 practice, anything else both', () => {
    expect(courseTypesOfUpType(1)).toEqual(['Theory']);
    expect(courseTypesOfUpType('2')).toEqual(['Train']);
    expect(courseTypesOfUpType('3')).toEqual(['Theory', 'Train']);
    expect(courseTypesOfUpType(undefined)).toEqual(['Theory', 'Train']);
  });

  it('types is a comma list of Theory and Train', () => {
    expect(studyCoursesQuery.parse({ types: 'Theory,Train' }).types).toEqual(['Theory', 'Train']);
    expect(studyCoursesQuery.parse({ types: 'Train' }).types).toEqual(['Train']);
    expect(studyCoursesQuery.parse({}).types).toEqual(['Theory', 'Train']);
    const bad = studyCoursesQuery.safeParse({ types: 'Theory,Exam' });
    expect(bad.error?.issues[0]?.message).toBe(COURSES_MSG.typesInvalid);
  });

  it('a course needs a name of at most 50 characters, a type and an end not before the start', () => {
    const good = { name: ' 数据结构 ', type: 'Theory', startTime: 1000, endTime: 1000 };
    expect(courseBody.parse(good).name).toBe('数据结构');
    const message = (body: object) => courseBody.safeParse(body).error?.issues[0]?.message;
    expect(message({ ...good, name: '  ' })).toBe(COURSES_MSG.nameRequired);
    expect(message({ ...good, name: '课'.repeat(51) })).toBe(COURSES_MSG.nameTooLong);
    expect(message({ ...good, type: 'Exam' })).toBe(COURSES_MSG.typeInvalid);
    expect(message({ ...good, endTime: 999 })).toBe(COURSES_MSG.endBeforeStart);
    expect(message({ ...good, startTime: null })).toBe(COURSES_MSG.startRequired);
    expect(message({ ...good, coverStyle: 5 })).toBe(COURSES_MSG.coverStyleInvalid);
  });

  it('the join body takes the school id as a number or a string', () => {
    expect(joinCourseBody.parse({ classCode: 'x', schoolId: 12 }).schoolId).toBe('12');
    expect(joinCourseBody.parse({ classCode: 'x' }).schoolId).toBeUndefined();
  });
});
