import { describe, expect, it } from 'vitest';
import { CITY_LETTER_GROUPS, divisionQuery, letterGroupOf, occupationQuery } from './lookups';

describe('lookups', () => {
  it('puts every letter a pinyin starts with in one of the five groups', () => {
    expect(CITY_LETTER_GROUPS.join('')).toBe('ABCDEFGHJKLMNPQRSTWXYZ');
    expect(letterGroupOf('C')).toBe('ABCDE');
    expect(letterGroupOf('j')).toBe('FGHJ');
    expect(letterGroupOf('X')).toBe('WXYZ');
    expect(letterGroupOf('I')).toBe('');
  });

  it('reads the division and occupation queries with their defaults', () => {
    expect(divisionQuery.parse({})).toEqual({ sort: 'sequence', order: 'asc' });
    expect(divisionQuery.parse({ hot: 'Yes', parentCode: '330000' })).toMatchObject({ hot: 'Yes' });
    expect(divisionQuery.safeParse({ parentCode: '33' }).success).toBe(false);
    expect(occupationQuery.parse({})).toEqual({ parentCode: '0' });
    for (const ok of ['0', '2', '2-02'])
      expect(occupationQuery.safeParse({ parentCode: ok }).success).toBe(true);
    for (const bad of ['2-02-10', '22', 'x'])
      expect(occupationQuery.safeParse({ parentCode: bad }).success).toBe(false);
  });
});
