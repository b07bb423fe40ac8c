import { CITY_LETTER_GROUPS, type Division, letterGroupOf, type Occupation } from '@uplus/shared';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { divisionCatalog } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { buildSignedInMember } from '../../test/factories';
import {
  CATALOG_DIVISIONS,
  CATALOG_OCCUPATIONS,
  citiesExist,
  divisionNamesOf,
  domicileExists,
  loadLookups,
  occupationNamesOf,
  occupationsExist,
} from './member-profile.catalog';
import { countLookups, upsertDivisions } from './member-profile.catalog.repo';

const O = '/api/ourea';

describe('the shipped lookups', () => {
  it('hold all 34 provincial-level divisions and their cities, with six-digit codes', () => {
    const provinces = CATALOG_DIVISIONS.filter((d) => d.level === 1);
    const cities = CATALOG_DIVISIONS.filter((d) => d.level === 2);
    expect(provinces).toHaveLength(34);
    expect(cities).toHaveLength(371);
    expect(new Set(CATALOG_DIVISIONS.map((d) => d.code)).size).toBe(CATALOG_DIVISIONS.length);
    const provinceCodes = new Set(provinces.map((p) => p.code));
    for (const d of CATALOG_DIVISIONS) {
      expect(d.code, d.name).toMatch(/^\d{6}$/);
      expect(d.letter, d.name).toMatch(/^[A-HJ-NP-TW-Z]$/);
    }
    for (const c of cities) expect(provinceCodes.has(c.parentCode), c.name).toBe(true);
    // every province (but Taiwan) has cities; municipalities are one city
    for (const p of provinces.filter((p) => p.code !== '710000'))
      expect(
        cities.some((c) => c.parentCode === p.code),
        p.name,
      ).toBe(true);
    const byCode = new Map(CATALOG_DIVISIONS.map((d) => [d.code, d]));
    expect(byCode.get('110100')).toMatchObject({ name: '北京市', parentCode: '110000' });
    expect(byCode.get('500100')).toMatchObject({ name: '重庆市', parentCode: '500000' });
    expect(byCode.get('330100')).toMatchObject({ name: '杭州市', parentCode: '330000', letter: 'H' });
    expect(byCode.get('429004')).toMatchObject({ name: '仙桃市', parentCode: '420000' });
    expect(byCode.get('532900')?.name).toBe('大理白族自治州');
    expect(cities.filter((c) => c.parentCode === '440000')).toHaveLength(21);
  });

  it('give polyphonic first characters their place-name reading', () => {
    const letter = new Map(CATALOG_DIVISIONS.map((d) => [d.name, d.letter]));
    const expected: Record<string, string> = {
      重庆市: 'C',
      长沙市: 'C',
      长春市: 'C',
      长治市: 'C',
      厦门市: 'X',
      蚌埠市: 'B',
      亳州市: 'B',
      六安市: 'L',
      六盘水市: 'L',
      乐山市: 'L',
      台州市: 'T',
      朝阳市: 'C',
      澄迈县: 'C',
      宿州市: 'S',
      宿迁市: 'S',
      漯河市: 'L',
      济南市: 'J',
      曲靖市: 'Q',
      莆田市: 'P',
      儋州市: 'D',
      吕梁市: 'L',
      沈阳市: 'S',
      澳门特别行政区: 'A',
    };
    for (const [name, l] of Object.entries(expected)) expect(letter.get(name), name).toBe(l);
  });

  it('hold the three levels of 职业分类大典 2022 (8 大类, 79 中类, 450 小类) with parents', () => {
    const level = (n: number) => CATALOG_OCCUPATIONS.filter((o) => o.level === n);
    expect(level(1)).toHaveLength(8);
    expect(level(2)).toHaveLength(79);
    expect(level(3)).toHaveLength(450);
    const codes = new Set(CATALOG_OCCUPATIONS.map((o) => o.code));
    expect(codes.size).toBe(CATALOG_OCCUPATIONS.length);
    for (const o of CATALOG_OCCUPATIONS) {
      if (o.level === 1) expect(o.parentCode).toBe('0');
      else expect(codes.has(o.parentCode), o.code).toBe(true);
      expect(o.name, o.code).toMatch(/^[\p{Script=Han}、（）]+$/u);
    }
    const name = new Map(CATALOG_OCCUPATIONS.map((o) => [o.code, o.name]));
    expect(name.get('2')).toBe('专业技术人员');
    expect(name.get('2-02')).toBe('工程技术人员');
    expect(name.get('2-02-10')).toBe('信息和通信工程技术人员');
    expect(name.get('2-02-38')).toBe('数字技术工程技术人员');
    expect(name.get('4-04-05')).toBe('软件和信息技术服务人员');
    expect(name.get('2-07-08')).toBe('检察辅助人员');
  });
});

describe.each(testDrivers())('lookups on %s', (driver) => {
  const t = useTestApp(driver);
  const get = (token: string | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? { 'x-access-token': token } : {} });
  const list = async <T>(token: string, url: string) => {
    const res = await get(token, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T[];
  };

  it('loads the catalogues once, then costs one count query; repairs changed rows when short', async () => {
    expect(await loadLookups({ db: t.db })).toEqual({ divisions: true, occupations: true });
    expect(await countLookups(t.db)).toEqual({
      divisions: CATALOG_DIVISIONS.length,
      occupations: CATALOG_OCCUPATIONS.length,
    });
    expect(await loadLookups({ db: t.db })).toEqual({ divisions: false, occupations: false });
    // a row added by someone else is kept; the shipped rows stay as shipped
    await upsertDivisions(t.db, [
      {
        code: '999900',
        name: '测试市',
        parentCode: '980000',
        level: 2,
        letter: 'C',
        hot: false,
        sequence: 9999,
      },
    ]);
    expect(await loadLookups({ db: t.db })).toEqual({ divisions: false, occupations: false });
    expect((await countLookups(t.db)).divisions).toBe(CATALOG_DIVISIONS.length + 1);
    // a catalogue short of the shipped rows is loaded again
    await t.db.delete(divisionCatalog).where(inArray(divisionCatalog.code, ['330100', '330200']));
    expect(await loadLookups({ db: t.db })).toEqual({ divisions: true, occupations: false });
    expect((await countLookups(t.db)).divisions).toBe(CATALOG_DIVISIONS.length + 1);
  });

  it('answers 401 without a token', async () => {
    for (const url of [`${O}/divisions`, `${O}/divisions/mobile`, `${O}/occupations?parentCode=0`])
      expect((await get(null, url)).statusCode, url).toBe(401);
  });

  it('GET /divisions: the provinces, a province’s cities, the hot cities in their order', async () => {
    await loadLookups({ db: t.db });
    const me = await buildSignedInMember(t.db);
    const provinces = await list<Division>(me.token, `${O}/divisions`);
    expect(provinces).toHaveLength(34);
    expect(provinces[0]).toEqual({
      id: '110000',
      code: '110000',
      name: '北京市',
      letter: 'B',
      parentCode: '',
      level: 1,
      hot: 'No',
    });
    const desc = await list<Division>(me.token, `${O}/divisions?sort=code&order=desc`);
    expect(desc[0]?.code).toBe('820000');

    const hot = await list<Division>(me.token, `${O}/divisions?sort=sequence&order=asc&hot=Yes`);
    expect(hot.map((c) => c.name).slice(0, 9)).toEqual([
      '北京市',
      '上海市',
      '广州市',
      '深圳市',
      '杭州市',
      '成都市',
      '武汉市',
      '南京市',
      '西安市',
    ]);
    expect(hot.every((c) => c.hot === 'Yes' && c.level === 2)).toBe(true);

    const zhejiang = await list<Division>(me.token, `${O}/divisions?parentCode=330000`);
    expect(zhejiang.map((c) => c.name)).toEqual([
      '杭州市',
      '宁波市',
      '温州市',
      '嘉兴市',
      '湖州市',
      '绍兴市',
      '金华市',
      '衢州市',
      '舟山市',
      '台州市',
      '丽水市',
    ]);
    expect(zhejiang.every((c) => c.parentCode === '330000')).toBe(true);
    expect(await list<Division>(me.token, `${O}/divisions?parentCode=990000`)).toEqual([]);
    const bad = await get(me.token, `${O}/divisions?parentCode=abc`);
    expect(bad.statusCode).toBe(400);
    expect((await get(me.token, `${O}/divisions?order=sideways`)).statusCode).toBe(400);
  });

  it('GET /divisions/mobile: every city once, by letter, each letter in one of the five groups', async () => {
    await loadLookups({ db: t.db });
    const me = await buildSignedInMember(t.db);
    const cities = (await list<Division>(me.token, `${O}/divisions/mobile`)).filter(
      (c) => c.code !== '999900',
    );
    expect(cities).toHaveLength(371);
    expect(new Set(cities.map((c) => c.code)).size).toBe(371);
    const letters = cities.map((c) => c.letter);
    expect(letters).toEqual([...letters].sort());
    for (const c of cities) expect(CITY_LETTER_GROUPS).toContain(letterGroupOf(c.letter));
    // within a letter, the hot cities come first
    const c = cities.filter((x) => x.letter === 'C').map((x) => x.name);
    expect(c.slice(0, 3)).toEqual(['成都市', '重庆市', '长沙市']);
  });

  it('GET /occupations: 0, then a 大类, then a 中类; anything else is refused', async () => {
    await loadLookups({ db: t.db });
    const me = await buildSignedInMember(t.db);
    const top = await list<Occupation>(me.token, `${O}/occupations?parentCode=0`);
    expect(top.map((o) => o.code)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(top[1]).toEqual({ id: '2', code: '2', name: '专业技术人员', parentCode: '0', level: 1 });
    expect(await list<Occupation>(me.token, `${O}/occupations`)).toHaveLength(8);
    const mids = await list<Occupation>(me.token, `${O}/occupations?parentCode=2`);
    expect(mids).toHaveLength(11);
    expect(mids[0]).toMatchObject({ code: '2-01', name: '科学研究人员', level: 2 });
    const smalls = await list<Occupation>(me.token, `${O}/occupations?parentCode=2-02`);
    expect(smalls).toHaveLength(39);
    expect(smalls.find((o) => o.code === '2-02-10')).toMatchObject({
      name: '信息和通信工程技术人员',
      parentCode: '2-02',
      level: 3,
    });
    expect(smalls.at(-1)?.code).toBe('2-02-99');
    for (const q of ['2-02-10', 'abc', '22'])
      expect((await get(me.token, `${O}/occupations?parentCode=${q}`)).statusCode, q).toBe(400);
  });

  it('checks a member’s picks: cities (or 全国), 小类 occupations, a domicile', async () => {
    await loadLookups({ db: t.db });
    const db = t.db;
    expect(await citiesExist({ db, codes: [] })).toBe(true);
    expect(await citiesExist({ db, codes: [''] })).toBe(true);
    expect(await citiesExist({ db, codes: ['330100', '110100', '429004'] })).toBe(true);
    expect(await citiesExist({ db, codes: ['330100', '330000'] })).toBe(false);
    expect(await citiesExist({ db, codes: ['123456'] })).toBe(false);
    expect(await occupationsExist({ db, codes: ['2-02-10', '4-04-05'] })).toBe(true);
    expect(await occupationsExist({ db, codes: ['2-02'] })).toBe(false);
    expect(await occupationsExist({ db, codes: ['2-02-10', '9-99-99'] })).toBe(false);
    expect(await domicileExists({ db, provinceCode: null, cityCode: null })).toBe(true);
    expect(await domicileExists({ db, provinceCode: '330000', cityCode: null })).toBe(true);
    expect(await domicileExists({ db, provinceCode: '330000', cityCode: '330100' })).toBe(true);
    expect(await domicileExists({ db, provinceCode: '320000', cityCode: '330100' })).toBe(false);
    expect(await domicileExists({ db, provinceCode: '330100', cityCode: null })).toBe(false);
    expect(await domicileExists({ db, provinceCode: '', cityCode: '330100' })).toBe(false);
    expect(await domicileExists({ db, provinceCode: '710000', cityCode: '' })).toBe(true);
    const names = await divisionNamesOf({ db, codes: ['', '330100', '000000'] });
    expect([...names]).toEqual(
      expect.arrayContaining([
        ['', '全国'],
        ['330100', '杭州市'],
      ]),
    );
    expect(names.has('000000')).toBe(false);
    expect((await occupationNamesOf({ db, codes: ['2-02-10'] })).get('2-02-10')).toBe(
      '信息和通信工程技术人员',
    );
  });
});
