import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CourseUsage } from '@uplus/shared';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import { fail, ok, renderWithRouter, setSite, signIn, stubBrowser, stubFetch } from '../../../test/helpers';
import { USAGE_TEXT, UsageTab } from './usage';

const USAGE = 'GET /api/course/intelligent/courses/7/usage';

const dayList = (n: number, questions: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => {
    const d = new Date(2026, 8, 1 + i);
    const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    return { day, questions: questions(i), users: Math.min(questions(i), 3) };
  });

const usage = (days: number, over: Partial<CourseUsage> = {}): CourseUsage => {
  const list = dayList(days, (i) => (i % 3 === 0 ? 0 : i));
  return {
    courseId: 7,
    days: list,
    totalQuestions: list.reduce((sum, d) => sum + d.questions, 0),
    activeStudents: 12,
    byChatType: [
      { chatType: 'knowledgeQa', questions: 40 },
      { chatType: 'classDiagram', questions: 10 },
      { chatType: 'codeInspect', questions: 0 },
      { chatType: 'studentQa', questions: 50 },
    ],
    conversationsVisible: false,
    ...over,
  };
};

/** axe-core's findings on `root` (contrast needs layout, which happy-dom has not: the e2e run checks it). */
const axeFindings = async (root: Element) => {
  const result = await axe.run(root, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
};
describe('AI助手使用 tab', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
    signIn('Teacher');
  });
  afterEach(async () => {
    await deferredLoadsSettled();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('the last 14 days: totals, a captioned table of questions per day with bars, by chat type with labels', async () => {
    const calls = stubFetch({ [USAGE]: (call) => ok(usage(Number(call.query.get('days')))) });
    renderWithRouter(<UsageTab courseId={7} />);
    expect(screen.getByRole('heading', { name: 'AI助手使用', level: 2 })).toBeTruthy();
    const perDay = await screen.findByTestId('usage-days');
    expect(calls[0]?.query.get('days')).toBe('14');
    const expected = usage(14);
    expect(screen.getByTestId('usage-total').textContent).toBe(String(expected.totalQuestions));
    expect(screen.getByTestId('usage-students').textContent).toBe('12');
    expect(within(perDay).getByText('近14天每日提问').tagName).toBe('CAPTION');
    const rows = within(perDay).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(14);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader').textContent).toBe('09-01');
    // the tallest day's bar is full width, a day without questions is a stub; bars are not read out
    const maxDay = Math.max(...expected.days.map((d) => d.questions));
    const tallest = rows[expected.days.findIndex((d) => d.questions === maxDay)] as HTMLElement;
    const bar = tallest.querySelector('.usage__bar-fill') as HTMLElement;
    expect(bar.style.width).toBe('100%');
    expect(bar.getAttribute('aria-hidden')).toBe('true');
    expect((rows[0] as HTMLElement).querySelector('.usage__bar-fill.is-zero')).toBeTruthy();

    const types = screen.getByTestId('usage-chat-types');
    expect(within(types).getByText('按功能统计').tagName).toBe('CAPTION');
    expect(
      within(types)
        .getAllByRole('row')
        .slice(1)
        .map((r) => Array.from(r.children).map((c) => c.textContent)),
    ).toEqual([
      ['自由提问', '50', '50%'],
      ['知识问答', '40', '40%'],
      ['类图', '10', '10%'],
    ]);
    expect(screen.getByTestId('usage-privacy').textContent).toBe(USAGE_TEXT.private);
    expect(await axeFindings(document.body)).toEqual([]);
  });

  it('近30天 asks for 30 days and shows them', async () => {
    const calls = stubFetch({ [USAGE]: (call) => ok(usage(Number(call.query.get('days')))) });
    renderWithRouter(<UsageTab courseId={7} />);
    await screen.findByTestId('usage-days');
    const group = screen.getByRole('radiogroup', { name: '统计时段' });
    fireEvent.click(within(group).getByLabelText('近30天'));
    await waitFor(() => expect(screen.getByText('近30天每日提问')).toBeTruthy());
    expect(calls.map((c) => c.query.get('days'))).toEqual(['14', '30']);
    expect(within(screen.getByTestId('usage-days')).getAllByRole('row')).toHaveLength(31);
  });

  it('no questions yet: says so instead of empty tables; the school’s policy on conversations is told', async () => {
    stubFetch({
      [USAGE]: ok(
        usage(14, {
          days: dayList(14, () => 0),
          totalQuestions: 0,
          activeStudents: 0,
          byChatType: [],
          conversationsVisible: true,
        }),
      ),
    });
    renderWithRouter(<UsageTab courseId={7} />);
    expect((await screen.findByTestId('usage-empty')).textContent).toBe(USAGE_TEXT.empty(14));
    expect(screen.queryByTestId('usage-days')).toBeNull();
    expect(screen.queryByTestId('usage-chat-types')).toBeNull();
    expect(screen.getByTestId('usage-privacy').textContent).toBe(USAGE_TEXT.visible);
  });

  it('a refusal is said, with 重试', async () => {
    stubFetch({ [USAGE]: fail(404, '课程不存在') });
    renderWithRouter(<UsageTab courseId={7} />);
    expect(await screen.findByText('课程不存在')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeTruthy();
  });
});
