import { describe, expect, it } from 'vitest';
import { homeTypeOf, mergeCollegeConfig, parseAreaHomepageConfig, parseSchoolNavigation } from './config';

describe('config merge', () => {
  it('lets college pairs overwrite app config keys and add new ones', () => {
    const merged = mergeCollegeConfig({ TITLE: 'a', SHOW_TECHCLASS: 'false', IS_COLLEGE_LEADER: false }, [
      { configKey: 'SHOW_TECHCLASS', configValue: 'true' },
      { configKey: 'DATA_CUBE_URL', configValue: 'https://cube' },
      { configKey: 'IS_COLLEGE_LEADER', configValue: 'true' },
    ]);
    expect(merged).toEqual({
      TITLE: 'a',
      SHOW_TECHCLASS: 'true',
      DATA_CUBE_URL: 'https://cube',
      IS_COLLEGE_LEADER: true,
    });
  });

  it('keeps the config when there are no pairs and does not mutate its input', () => {
    const config = { TITLE: 'a' };
    expect(mergeCollegeConfig(config, null)).toEqual({ TITLE: 'a' });
    mergeCollegeConfig(config, [{ configKey: 'TITLE', configValue: 'b' }]);
    expect(config.TITLE).toBe('a');
  });
});

describe('home type', () => {
  it('maps deployment type and special codes', () => {
    expect(homeTypeOf({ TYPE: '', CODE: '' })).toBe('product');
    expect(homeTypeOf({ TYPE: 'area', CODE: 'Area-ic' })).toBe('area');
    expect(homeTypeOf({ TYPE: 'school', CODE: 'X-C001' })).toBe('custom');
    expect(homeTypeOf({ TYPE: 'school', CODE: 'QST-C082' })).toBe('qstlss');
    expect(homeTypeOf({ TYPE: 'school', CODE: 'QST-C099' })).toBe('jxjy');
    expect(homeTypeOf({ TYPE: 'school', CODE: 'IMNU-C001' })).toBe('nmsf');
  });
});

describe('parsers', () => {
  it('parses school navigation text and drops bad entries', () => {
    const text = JSON.stringify([{ type: 'HOME_PAGE', name: 'h', showName: '首页' }, { bad: 1 }]);
    expect(parseSchoolNavigation(text)).toEqual([{ type: 'HOME_PAGE', name: 'h', showName: '首页' }]);
    expect(parseSchoolNavigation('{broken')).toEqual([]);
    expect(parseSchoolNavigation(undefined)).toEqual([]);
  });

  it('parses area homepage config and survives broken JSON', () => {
    expect(
      parseAreaHomepageConfig('{"menus":[{"title":"首页","name":"home","value":"home"}]}').menus,
    ).toHaveLength(1);
    expect(parseAreaHomepageConfig('nope').menus).toEqual([]);
  });
});
