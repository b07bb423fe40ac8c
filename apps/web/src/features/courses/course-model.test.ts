import { describe, expect, it } from 'vitest';
import { courseDateRange, coverClassOf, studyTabOf, typesOfTab } from './course-model';

describe('course model', () => {
  it('upType: 1 theory, 2 practice, 3, none or anything else all (spec 2.2)', () => {
    expect(studyTabOf('1')).toBe('1');
    expect(studyTabOf('2')).toBe('2');
    for (const v of ['3', null, '', '4', 'x']) expect(studyTabOf(v)).toBe('3');
    expect(typesOfTab('1')).toEqual(['Theory']);
    expect(typesOfTab('2')).toEqual(['Train']);
    expect(typesOfTab('3')).toEqual(['Theory', 'Train']);
  });

  it('dates as a card shows them; a missing end says 未设置', () => {
    const start = new Date(2026, 8, 1).getTime();
    const end = new Date(2027, 0, 15, 23, 59).getTime();
    expect(courseDateRange(start, end)).toBe('2026.09.01 - 2027.01.15');
    expect(courseDateRange(start, null)).toBe('2026.09.01 - 未设置');
    expect(courseDateRange(null, null)).toBe('时间未设置');
  });

  it('a cover style outside 0 to 4 falls back to the first', () => {
    expect(coverClassOf(3)).toBe('course-cover course-cover--3');
    expect(coverClassOf(7)).toBe('course-cover course-cover--0');
    expect(coverClassOf(-1)).toBe('course-cover course-cover--0');
  });
});
