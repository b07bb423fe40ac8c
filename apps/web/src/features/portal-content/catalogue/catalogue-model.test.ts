import { SITE_SETTINGS_MSG } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import {
  categoryOptions,
  chapterLabel,
  chunk,
  filterHref,
  highlightParts,
  inIdOrder,
  listPlan,
  pageSlice,
  previewSection,
  readFilters,
  resourceIdChunks,
  safeTarget,
  sectionLabel,
  sectionsOf,
  transferState,
  withFilters,
} from './catalogue-model';
import { card } from './test-data';

describe('course resources in chunks of 4 ids (portal spec 7)', () => {
  it('splits a list into groups of 4, the last shorter', () => {
    expect(chunk([1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual([[1, 2, 3, 4], [5, 6, 7, 8], [9]]);
    expect(chunk([])).toEqual([]);
    expect(chunk([1, 2, 3, 4])).toEqual([[1, 2, 3, 4]]);
  });

  it('asks for distinct valid ids, 4 per call; without ids one call without the parameter', () => {
    expect(resourceIdChunks(['1', '2', '3', '4', '5', '2', 'x', '0', '6'])).toEqual(['1,2,3,4', '5,6']);
    expect(resourceIdChunks(null)).toEqual([null]);
    expect(resourceIdChunks([])).toEqual([]);
  });

  it('puts the answers back in the order of the ids, dropping the ids nobody answered', () => {
    const rows = [card({ id: '3' }), card({ id: '1' }), card({ id: '2' })];
    expect(inIdOrder(['2', '9', '1', '3', '2'], rows).map((r) => r.id)).toEqual(['2', '1', '3']);
  });
});

describe('filters in the address -> the list call', () => {
  it('reads page, text, category and course type; wrong values read as none', () => {
    expect(readFilters(new URLSearchParams('q=%20java%20&category=大数据&type=Train&page=3'))).toEqual({
      page: 3,
      q: 'java',
      category: '大数据',
      type: 'Train',
    });
    expect(readFilters(new URLSearchParams('type=Lab&page=-2'))).toEqual({
      page: 1,
      q: '',
      category: '',
      type: '',
    });
    expect(readFilters(new URLSearchParams(`q=${'长'.repeat(40)}`)).q).toHaveLength(30);
  });

  it('a filter change goes back to page 1 and keeps other parameters; empty values leave the address', () => {
    const params = new URLSearchParams('view=courses&category=大数据&page=4');
    expect(withFilters(params, { type: 'Theory' }).toString()).toBe(
      new URLSearchParams('view=courses&category=大数据&type=Theory').toString(),
    );
    expect(withFilters(params, { category: '' }).toString()).toBe('view=courses');
    expect(withFilters(params, { page: 2 }).get('page')).toBe('2');
    expect(filterHref(new URLSearchParams('category=大数据'), { category: '' })).toBe('?');
    expect(filterHref(new URLSearchParams(''), { q: ' 鸿蒙 ' })).toBe(`?${new URLSearchParams('q=鸿蒙')}`);
  });

  it('maps filters to the list call, the course type included', () => {
    const filters = { page: 2, q: '数据', category: '大数据', type: '' as const };
    expect(listPlan('experiment', filters)).toEqual({
      kind: 'experiment',
      pageNumber: 2,
      pageSize: 12,
      q: '数据',
      category: '大数据',
    });
    expect(listPlan('course', { ...filters, q: '' }, { vocational: false })).toEqual({
      kind: 'course',
      pageNumber: 2,
      pageSize: 12,
      category: '大数据',
      vocational: 'false',
    });
    expect(listPlan('course', { ...filters, type: 'Train' }, { vocational: true })).toEqual({
      kind: 'course',
      pageNumber: 2,
      pageSize: 12,
      q: '数据',
      category: '大数据',
      vocational: 'true',
      courseType: 'Train',
    });
    // a project has no course type: the parameter is ignored
    expect(listPlan('project', { ...filters, type: 'Train' }).courseType).toBeUndefined();
  });

  it('pages a list held whole', () => {
    const many = Array.from({ length: 30 }, (_, i) => i + 1);
    expect(pageSlice(many, 3)).toEqual({ rows: [25, 26, 27, 28, 29, 30], total: 30 });
    expect(pageSlice(many, 9)).toEqual({ rows: [], total: 30 });
  });

  it('offers a fixed category list, or the values the rows carry (industry for projects)', () => {
    expect(categoryOptions('course', ['大数据', '人工智能'], [], '').map((o) => o.value)).toEqual([
      '大数据',
      '人工智能',
    ]);
    const rows = [
      card({ kind: 'project', attrs: { industry: '金融' } }),
      card({ kind: 'project', attrs: { industry: '' } }),
      card({ kind: 'project', attrs: { industry: '制造' } }),
      card({ kind: 'project', attrs: { industry: '金融' } }),
    ];
    expect(categoryOptions('project', null, rows, '').map((o) => o.value)).toEqual(['金融', '制造']);
    // a shared address naming a value no row shows keeps it visible (so 全部 can undo it)
    expect(categoryOptions('project', null, rows, '能源').map((o) => o.value)).toEqual([
      '金融',
      '制造',
      '能源',
    ]);
  });
});

describe('course chapters and the preview address', () => {
  const attrs = {
    chapters: [
      {
        title: '绪论',
        sections: [
          { title: '课程介绍', minutes: 10, free: true, body: '<p>欢迎</p>' },
          { title: '环境搭建', minutes: 20, free: false, body: '' },
        ],
      },
      { title: '基础', sections: [{ title: '变量', minutes: 15, free: true, body: '<p>变量</p>' }] },
    ],
  };

  it('numbers sections from 1 within their chapter', () => {
    expect(sectionsOf(attrs).map((s) => `${s.chapter}.${s.section} ${s.title}`)).toEqual([
      '1.1 课程介绍',
      '1.2 环境搭建',
      '2.1 变量',
    ]);
  });

  it('numbers chapter and section titles unless their author already did', () => {
    expect(chapterLabel(2, 'Spring 核心容器')).toBe('第2章 Spring 核心容器');
    expect(chapterLabel(2, '第2章 Spring 核心容器')).toBe('第2章 Spring 核心容器');
    expect(chapterLabel(3, '第三章 数据访问')).toBe('第三章 数据访问');
    expect(sectionLabel(2, 1, 'IoC 容器')).toBe('2.1 IoC 容器');
    expect(sectionLabel(2, 1, '2.1 IoC 容器')).toBe('2.1 IoC 容器');
    expect(sectionLabel(1, 1, '3D 建模基础')).toBe('1.1 3D 建模基础');
  });

  it('finds the section an address names, the first free one without numbers, null for none', () => {
    const sections = sectionsOf(attrs);
    expect(previewSection(sections, '2', '1')?.title).toBe('变量');
    expect(previewSection(sections, '1', '2')?.free).toBe(false);
    expect(previewSection(sections, null, null)?.title).toBe('课程介绍');
    expect(previewSection(sections, '3', '1')).toBeNull();
  });
});

describe('the cloud environment hand-over', () => {
  const base = {
    signedIn: true,
    item: { status: 'success' as const, notFound: false },
    serviceType: 'codearts',
    uri: { status: 'success' as const, value: 'https://ide.example.edu/?p=1' },
    notConfiguredMessage: SITE_SETTINGS_MSG.cloudNotConfigured,
  };

  it('sends visitors to sign in before anything else', () => {
    expect(transferState({ ...base, signedIn: false })).toEqual({ kind: 'login' });
  });

  it('waits for the item, then for the address', () => {
    expect(transferState({ ...base, item: { status: 'pending', notFound: false } }).kind).toBe('loading');
    expect(transferState({ ...base, uri: { status: 'pending' } }).kind).toBe('loading');
    expect(transferState({ ...base, uri: { status: 'idle' } }).kind).toBe('loading');
  });

  it('goes to an http(s) address', () => {
    expect(transferState(base)).toEqual({ kind: 'go', uri: 'https://ide.example.edu/?p=1' });
  });

  it('says not configured without a service type, or when the call says so', () => {
    expect(transferState({ ...base, serviceType: ' ' }).kind).toBe('notConfigured');
    expect(
      transferState({
        ...base,
        uri: { status: 'error', errorStatus: 400, message: SITE_SETTINGS_MSG.cloudNotConfigured },
      }).kind,
    ).toBe('notConfigured');
  });

  it('shows other failures with their message, and a missing item as not found', () => {
    expect(
      transferState({ ...base, uri: { status: 'error', errorStatus: 500, message: '服务器开小差了' } }),
    ).toEqual({
      kind: 'error',
      message: '服务器开小差了',
    });
    expect(transferState({ ...base, item: { status: 'error', notFound: true } }).kind).toBe('notFound');
    expect(transferState({ ...base, item: { status: 'error', notFound: false } }).kind).toBe('error');
  });

  it('never follows a script or data address', () => {
    expect(transferState({ ...base, uri: { status: 'success', value: 'javascript:alert(1)' } }).kind).toBe(
      'notConfigured',
    );
    expect(safeTarget('data:text/html,x')).toBeNull();
    expect(safeTarget('//evil.example')).toBeNull();
    expect(safeTarget('/authorize?redirect=%2Fide')).toBe('/authorize?redirect=%2Fide');
    expect(safeTarget(' https://ide.example.edu ')).toBe('https://ide.example.edu');
  });
});

describe('search highlights', () => {
  const marked = (text: string, q: string) =>
    highlightParts(text, q)
      .map((p) => (p.hit ? `[${p.text}]` : p.text))
      .join('');

  it('marks the whole query and its character pairs, latin words in any case', () => {
    expect(marked('软件工程导论与软件测试', '软件工程')).toBe('[软件工程]导论与[软件]测试');
    expect(marked('Java 程序设计：JAVA 进阶', 'java')).toBe('[Java] 程序设计：[JAVA] 进阶');
    expect(marked('大数据', '数')).toBe('大[数]据');
  });

  it('treats regular-expression characters in the query as text', () => {
    expect(marked('C++ 与 C#', 'c++')).toBe('[C]++ 与 [C]#');
    expect(marked('a.b', '.')).toBe('a.b');
  });

  it('leaves a text without matches whole, and an empty text empty', () => {
    expect(highlightParts('人工智能', '区块链')).toEqual([{ text: '人工智能', hit: false }]);
    expect(highlightParts('', 'x')).toEqual([]);
  });
});
