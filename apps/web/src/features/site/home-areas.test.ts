import { HOME_SECTION_KEYS, parseHomeSections } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { HOME_AREAS, shownHomeAreas } from './home-areas';

const keys = (areas: { key: string }[]) => areas.map((a) => a.key);

describe('home sections', () => {
  it('has one card for each section an admin can choose, in the same order', () => {
    expect(keys([...HOME_AREAS])).toEqual([...HOME_SECTION_KEYS]);
  });

  it('shows every section when HOME_SECTIONS is missing or broken, else only the chosen ones', () => {
    expect(keys(shownHomeAreas({}, parseHomeSections(undefined)))).toEqual([...HOME_SECTION_KEYS]);
    expect(keys(shownHomeAreas({}, parseHomeSections('not json')))).toEqual([...HOME_SECTION_KEYS]);
    expect(keys(shownHomeAreas({}, parseHomeSections('["case","ai","nope"]')))).toEqual(['ai', 'case']);
    expect(shownHomeAreas({}, parseHomeSections('[]'))).toEqual([]);
  });

  it('shows 求职就业 on a school site only with SHOW_JIUYE true', () => {
    const school = { TYPE: 'school', CODE: 'UPLUS-C001' };
    expect(keys(shownHomeAreas(school, null))).not.toContain('ujob');
    expect(keys(shownHomeAreas({ ...school, SHOW_JIUYE: 'true' }, null))).toContain('ujob');
    expect(keys(shownHomeAreas({ TYPE: 'school', CODE: 'qstcloud' }, null))).toContain('ujob');
    expect(keys(shownHomeAreas({ TYPE: 'area', CODE: 'Area-demo' }, null))).toContain('ujob');
  });
});
