import type { ContentCard } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { deadlineStateOf, groupMembers, initialsOf, listParams, pageFromParams } from './article-model';

const member = (id: string, memberType?: unknown): ContentCard => ({
  id,
  kind: 'member',
  slug: null,
  title: `成员${id}`,
  summary: '',
  coverUrl: '',
  tags: [],
  publishedAt: 0,
  ownerCode: 'uplus',
  attrs: memberType === undefined ? {} : { memberType },
});

describe('groupMembers', () => {
  it('groups by rank in council order, keeping the console order inside a rank', () => {
    const groups = groupMembers([
      member('1', '成员单位'),
      member('2', '常务理事单位'),
      member('3', '理事长单位'),
      member('4', '成员单位'),
      member('5', '副理事长单位'),
    ]);
    expect(groups.map((g) => [g.type, g.members.map((m) => m.id)])).toEqual([
      ['理事长单位', ['3']],
      ['副理事长单位', ['5']],
      ['常务理事单位', ['2']],
      ['成员单位', ['1', '4']],
    ]);
  });

  it('counts a member without a type, or with an unknown one, as 成员单位 and leaves empty ranks out', () => {
    const groups = groupMembers([member('1'), member('2', '荣誉单位'), member('3', '理事长单位')]);
    expect(groups.map((g) => [g.type, g.members.map((m) => m.id)])).toEqual([
      ['理事长单位', ['3']],
      ['成员单位', ['1', '2']],
    ]);
  });

  it('answers no groups for no members', () => {
    expect(groupMembers([])).toEqual([]);
  });
});

describe('initialsOf', () => {
  it('takes two characters of a Chinese name and the initials of two latin words', () => {
    expect(initialsOf('北京大学软件与微电子学院')).toBe('北京');
    expect(initialsOf('open source lab')).toBe('OS');
    expect(initialsOf('  Huawei ')).toBe('H');
    expect(initialsOf('')).toBe('');
  });
});

describe('deadlineStateOf', () => {
  const now = new Date(2026, 4, 20, 15, 0); // 2026-05-20 15:00 local time

  it('keeps the deadline day itself open and closes the day after', () => {
    expect(deadlineStateOf('2026-05-20', now)).toEqual({ kind: 'open', text: '2026-05-20' });
    expect(deadlineStateOf('2026-06-01', now)).toEqual({ kind: 'open', text: '2026-06-01' });
    expect(deadlineStateOf('2026-05-19', now)).toEqual({ kind: 'closed', text: '2026-05-19' });
  });

  it('answers 长期有效 without a deadline (or with a malformed one)', () => {
    expect(deadlineStateOf('', now)).toEqual({ kind: 'none', text: '长期有效' });
    expect(deadlineStateOf('2026/05/19', now).kind).toBe('none');
  });
});

describe('list address', () => {
  it('reads the page, 1 for missing or wrong values', () => {
    expect(pageFromParams(new URLSearchParams('page=3'))).toBe(3);
    expect(pageFromParams(new URLSearchParams(''))).toBe(1);
    expect(pageFromParams(new URLSearchParams('page=0'))).toBe(1);
    expect(pageFromParams(new URLSearchParams('page=2.5'))).toBe(1);
    expect(pageFromParams(new URLSearchParams('page=abc'))).toBe(1);
  });

  it('writes the page only above 1 and the words only when there are some', () => {
    const current = new URLSearchParams('page=4&q=Java');
    expect(listParams(current, { page: 1 }).toString()).toBe('q=Java');
    expect(listParams(current, { page: 2 }).toString()).toBe('page=2&q=Java');
    expect(listParams(current, { q: '  ', page: 1 }).toString()).toBe('');
    expect(listParams(new URLSearchParams(), { q: ' 前端 ' }).get('q')).toBe('前端');
  });
});
