import { type ConsoleDetail, type ConsoleRow, contentInput, PORTAL_CONTENT_MSG } from '@uplus/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { loadAllRows } from './api';
import {
  attrsFromForm,
  byConsoleOrder,
  fieldOfMessage,
  fitCells,
  formValuesOf,
  inputOf,
  kindOf,
  metaOf,
  moveItem,
  sameOrder,
  statusOf,
} from './console-model';

const row = (over: Partial<ConsoleDetail> = {}): ConsoleDetail => ({
  id: '11',
  kind: 'course',
  slug: null,
  title: '数据结构',
  summary: '线性表、树与图',
  coverUrl: '/api/portal/images/7',
  coverFileId: '7',
  tags: ['bigdata', 'nonsense'],
  publishedAt: 0,
  ownerCode: 'UPLUS-C001',
  attrs: {},
  status: 'Draft',
  sort: 1,
  updatedAt: 1_700_000_000_000,
  body: '<p>课程介绍</p>',
  ...over,
});

describe('form <-> input', () => {
  it('reads a stored course into the form and writes it back with every attr of the kind', () => {
    const stored = row({
      attrs: {
        category: '软件工程',
        courseType: 'Train',
        vocational: true,
        hours: 48,
        chapters: [
          { title: '第一章', sections: [{ title: '线性表', minutes: 30, free: true, body: '<p>x</p>' }] },
        ],
        unknown: 'dropped',
      },
    });
    const values = formValuesOf('course', stored);
    expect(values.cover).toEqual({ id: '7', url: '/api/portal/images/7', uploaded: null });
    expect(values.tags).toEqual(['bigdata']);
    expect(values.attrs).not.toHaveProperty('unknown');
    const input = inputOf('course', { ...values, title: '  数据结构（新版） ' });
    expect(input).toMatchObject({
      kind: 'course',
      title: '数据结构（新版）',
      summary: '线性表、树与图',
      coverFileId: '7',
      body: '<p>课程介绍</p>',
      tags: ['bigdata'],
      slug: null,
    });
    expect(input.attrs).toEqual({
      category: '软件工程',
      courseType: 'Train',
      vocational: true,
      hours: 48,
      teacher: '',
      school: '',
      chapters: [
        { title: '第一章', sections: [{ title: '线性表', minutes: 30, free: true, body: '<p>x</p>' }] },
      ],
    });
    expect(contentInput.safeParse(input).success).toBe(true);
  });

  it('gives a new row of each kind the defaults, and the result passes the shared schema', () => {
    for (const kind of [
      'course',
      'experiment',
      'project',
      'case',
      'news',
      'notice',
      'member',
      'recruit',
    ] as const) {
      const values = formValuesOf(kind, null);
      const input = inputOf(kind, { ...values, title: '标题' });
      expect(contentInput.safeParse(input).success, kind).toBe(true);
    }
    const page = inputOf('page', { ...formValuesOf('page', null), title: '联盟简介', slug: 'allianceAbout' });
    expect(contentInput.safeParse(page).success).toBe(true);
    const lab = inputOf('lab', { ...formValuesOf('lab', null), title: '大数据实验室', slug: 'bigdata' });
    expect(contentInput.safeParse(lab).success).toBe(true);
    // a page without its slug is refused by the schema with the message the editor shows under 页面
    const noSlug = contentInput.safeParse(inputOf('page', { ...formValuesOf('page', null), title: 'x' }));
    expect(noSlug.error?.issues[0]?.message).toBe(PORTAL_CONTENT_MSG.slugRequired);
  });

  it('turns cleared numbers into 0, trims texts, and drops what the kind does not use', () => {
    const attrs = attrsFromForm('experiment', {
      category: ' 人工智能 ',
      minutes: null,
      difficulty: '高级',
      steps: [{ title: ' 准备环境 ', body: undefined }],
      sample: undefined,
      serviceType: 'codeserver',
    });
    expect(attrs).toMatchObject({
      category: '人工智能',
      minutes: 0,
      difficulty: '高级',
      steps: [{ title: '准备环境', body: '' }],
      sample: '',
      serviceType: 'codeserver',
      projectId: '',
      repositoryId: '',
      environment: '',
    });
    // tags only for course, experiment and project; the body not for a course system
    const values = { ...formValuesOf('news', null), title: '新闻', tags: ['ai' as const], body: '<p>b</p>' };
    expect(inputOf('news', values).tags).toEqual([]);
    expect(inputOf('news', values).body).toBe('<p>b</p>');
    expect(inputOf('courseSystem', { ...values, attrs: {} }).body).toBe('');
  });

  it('edits a recruit deadline as a date and saves it as yyyy-mm-dd; positions are trimmed and unique', () => {
    const values = formValuesOf(
      'recruit',
      row({ kind: 'recruit', attrs: { deadline: '2026-07-01', positions: ['Java'] } }),
    );
    expect(dayjs.isDayjs(values.attrs.deadline)).toBe(true);
    const attrs = attrsFromForm('recruit', {
      ...values.attrs,
      deadline: dayjs('2026-08-15'),
      positions: [' Java ', 'Java', '', '前端'],
    });
    expect(attrs.deadline).toBe('2026-08-15');
    expect(attrs.positions).toEqual(['Java', '前端']);
    expect(attrsFromForm('recruit', { deadline: null }).deadline).toBe('');
  });

  it('fits a course system: one cell per column, ids as strings, no duplicates', () => {
    expect(
      fitCells({
        columns: ['基础', '核心'],
        rows: [
          { title: '第一学期', cells: [['1', '1', '2']] },
          { title: '第二学期', cells: [[], ['3'], ['4']] },
        ],
      }),
    ).toEqual({
      columns: ['基础', '核心'],
      rows: [
        { title: '第一学期', cells: [['1', '2'], []] },
        { title: '第二学期', cells: [[], ['3']] },
      ],
    });
    const input = inputOf('courseSystem', {
      ...formValuesOf('courseSystem', null),
      title: '软件工程课程体系',
      attrs: { columns: ['基础'], rows: [{ title: '大一', cells: [['5'], ['6']] }] },
    });
    expect(input.attrs).toEqual({ columns: ['基础'], rows: [{ title: '大一', cells: [['5']] }] });
    expect(contentInput.safeParse(input).success).toBe(true);
  });

  it('sends an uploaded cover by its id and no cover as null', () => {
    const base = { ...formValuesOf('case', null), title: '案例' };
    const uploaded = { id: 42, name: 'a.png', contentType: 'image/png', size: 10, url: 'https://x/a.png' };
    expect(
      inputOf('case', { ...base, cover: { id: '42', url: '/api/portal/images/42', uploaded } }).coverFileId,
    ).toBe('42');
    expect(inputOf('case', base).coverFileId).toBeNull();
  });
});

describe('server refusals in the form', () => {
  it('puts a refusal naming a field under it and leaves the others to a toast', () => {
    expect(fieldOfMessage('news', PORTAL_CONTENT_MSG.titleTooLong)).toEqual(['title']);
    expect(fieldOfMessage('page', PORTAL_CONTENT_MSG.slugTaken)).toEqual(['slug']);
    expect(fieldOfMessage('lab', PORTAL_CONTENT_MSG.labRequired)).toEqual(['slug']);
    expect(fieldOfMessage('course', PORTAL_CONTENT_MSG.coverInvalid)).toEqual(['cover']);
    expect(fieldOfMessage('member', '网址需以 http:// 或 https:// 开头')).toEqual(['attrs', 'website']);
    expect(fieldOfMessage('recruit', '截止日期格式不正确')).toEqual(['attrs', 'deadline']);
    // a field the kind's form does not have: toasted
    expect(fieldOfMessage('news', '截止日期格式不正确')).toBeNull();
    expect(fieldOfMessage('course', PORTAL_CONTENT_MSG.slugTaken)).toBeNull();
    expect(fieldOfMessage('courseSystem', PORTAL_CONTENT_MSG.bodyTooLong)).toBeNull();
    expect(fieldOfMessage('course', PORTAL_CONTENT_MSG.notOwner)).toBeNull();
  });
});

describe('preview facts', () => {
  it('lists a kind’s filled facts in Chinese', () => {
    expect(
      metaOf('course', {
        category: '大数据',
        courseType: 'Theory',
        hours: 32,
        vocational: false,
        chapters: [{ title: 'a', sections: [{ title: 's' }, { title: 't' }] }],
      }),
    ).toEqual([
      { label: '专业方向', value: '大数据' },
      { label: '课程类型', value: '理论课' },
      { label: '学时', value: '32学时' },
      { label: '章节', value: '1章 2节' },
    ]);
    expect(
      metaOf('recruit', { company: '优加科技', positions: ['Java', '测试'], deadline: '2026-07-01' }),
    ).toEqual([
      { label: '招聘单位', value: '优加科技' },
      { label: '截止日期', value: '2026-07-01' },
      { label: '招聘岗位', value: 'Java、测试' },
    ]);
    expect(metaOf('page', {})).toEqual([]);
  });
});

describe('the ordering mode', () => {
  const r = (id: string, sort: number) => ({ ...row({ id }), sort }) as ConsoleRow;

  it('orders rows by sort and keeps the server order among equals', () => {
    expect(byConsoleOrder([r('3', 2), r('1', 1), r('4', 2), r('2', 1)]).map((x) => x.id)).toEqual([
      '1',
      '2',
      '3',
      '4',
    ]);
  });

  it('moves one place up or down and never past either end', () => {
    const ids = ['a', 'b', 'c'];
    expect(moveItem(ids, 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(ids, 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(ids, 0, -1)).toEqual(ids);
    expect(moveItem(ids, 2, 1)).toEqual(ids);
    expect(moveItem(ids, 5, 1)).toEqual(ids);
    expect(ids).toEqual(['a', 'b', 'c']);
    expect(sameOrder(ids, ['a', 'b', 'c'])).toBe(true);
    expect(sameOrder(ids, moveItem(ids, 0, 1))).toBe(false);
  });

  it('loads every row of a kind 100 at a time, and says when there are more than the order call takes', async () => {
    const rows = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => r(String(from + i), from + i));
    const asked: number[] = [];
    const all = await loadAllRows(async (page) => {
      asked.push(page);
      return { rows: rows((page - 1) * 100 + 1, page < 3 ? 100 : 30), total: 230 };
    });
    expect(asked).toEqual([1, 2, 3]);
    expect(all).toMatchObject({ total: 230, complete: true });
    expect(all.rows).toHaveLength(230);

    const many = await loadAllRows(async (page) => ({ rows: rows((page - 1) * 100 + 1, 100), total: 620 }));
    expect(many.rows).toHaveLength(500);
    expect(many.complete).toBe(false);

    const one = await loadAllRows(async () => ({ rows: rows(1, 3), total: 3 }));
    expect(one).toMatchObject({ total: 3, complete: true });
  });
});

describe('addresses', () => {
  it('reads the kind and status of the console address', () => {
    expect(kindOf('courseSystem')).toBe('courseSystem');
    expect(kindOf('x')).toBeNull();
    expect(statusOf('Published')).toBe('Published');
    expect(statusOf('Online')).toBe('');
  });
});
