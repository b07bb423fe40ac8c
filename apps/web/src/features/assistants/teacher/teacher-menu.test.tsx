import { fireEvent, render, screen, within } from '@testing-library/react';
import { type AssistantContext, TEACHER_MENU } from '@uplus/shared';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { PANEL_HINTS, TeacherMenu, teacherMenuFor } from './teacher-menu';

const context = (over: Partial<AssistantContext> = {}): AssistantContext => ({
  scene: 'TeacherQA',
  courseId: 7,
  contentId: null,
  courseName: '数据结构',
  hasAiPerm: true,
  hasAiJudgePerm: false,
  hasTeachingAnalysisPerm: false,
  isStudent: false,
  isTeacher: true,
  hasKnowledge: false,
  remaining: 100,
  ...over,
});

/** axe-core's findings on `root` (contrast needs layout, which happy-dom has not: the e2e run checks it). */
const axeFindings = async (root: Element) => {
  const result = await axe.run(root, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
};
const labelsOf = (groups: ReturnType<typeof teacherMenuFor>) =>
  groups.map((g) => [g.title, g.entries.map((e) => e.label)]);

const renderMenu = (ctx: AssistantContext) => {
  const onStartTask = vi.fn();
  const onOpenPanel = vi.fn();
  const view = render(<TeacherMenu context={ctx} onStartTask={onStartTask} onOpenPanel={onOpenPanel} />);
  return { ...view, onStartTask, onOpenPanel };
};

describe('teacher menu rules (spec 2.15, 6)', () => {
  it('without the two permissions: 智能判题 and 课程分析 are left out, and the emptied 教学管理 group with them', () => {
    expect(labelsOf(teacherMenuFor(context()))).toEqual([
      ['课程建设', ['知识图谱', '教学案例', '思政案例', '教学计划']],
      ['实践教学', ['实验推荐', '实验案例', '实践题目生成']],
      ['智能评估', ['智能出题', '共性洞察']],
    ]);
  });

  it('the batch AI question permission opens 智能判题 only; the teaching-analysis permission 课程分析 only', () => {
    expect(labelsOf(teacherMenuFor(context({ hasAiJudgePerm: true })))).toEqual([
      ['课程建设', ['知识图谱', '教学案例', '思政案例', '教学计划']],
      ['实践教学', ['实验推荐', '实验案例', '实践题目生成']],
      ['智能评估', ['智能出题', '智能判题', '共性洞察']],
    ]);
    expect(labelsOf(teacherMenuFor(context({ hasTeachingAnalysisPerm: true })))).toEqual([
      ['课程建设', ['知识图谱', '教学案例', '思政案例', '教学计划']],
      ['实践教学', ['实验推荐', '实验案例', '实践题目生成']],
      ['智能评估', ['智能出题', '共性洞察']],
      ['教学管理', ['课程分析']],
    ]);
  });

  it('with both: the whole menu of the shared definition, in its order', () => {
    const all = teacherMenuFor(context({ hasAiJudgePerm: true, hasTeachingAnalysisPerm: true }));
    expect(labelsOf(all)).toEqual(TEACHER_MENU.map((g) => [g.title, g.entries.map((e) => e.label)]));
  });
});

describe('<TeacherMenu>', () => {
  it('renders the groups as headed lists; each entry a button named by its label and its hint, with an icon', async () => {
    renderMenu(context({ hasAiJudgePerm: true, hasTeachingAnalysisPerm: true }));
    const nav = screen.getByRole('navigation', { name: '教学助手功能' });
    const headings = within(nav).getAllByRole('heading', { level: 3 });
    expect(headings.map((h) => h.textContent)).toEqual(['课程建设', '实践教学', '智能评估', '教学管理']);
    const buttons = within(nav).getAllByRole('button');
    expect(buttons).toHaveLength(11);
    // named by the label and its visible hint (WCAG 2.5.3: the visible text is part of the name)
    const graph = within(nav).getByRole('button', { name: '知识图谱 输入课程或章节名称，生成知识点图谱' });
    expect(graph.querySelector('.teacher-entry__icon[aria-hidden] svg')).toBeTruthy();
    expect(within(nav).getByRole('button', { name: `智能判题 ${PANEL_HINTS.smartGrading}` })).toBeTruthy();
    for (const button of buttons) expect(button.querySelector('svg')).toBeTruthy();
    expect(nav.textContent).not.toContain('即将开放');
    expect(nav.querySelector('[aria-disabled]')).toBeNull();
    expect(await axeFindings(document.body)).toEqual([]);
  });

  it('leaves out 智能判题 and 课程分析 without their permissions', () => {
    renderMenu(context());
    expect(screen.queryByRole('button', { name: '智能判题' })).toBeNull();
    expect(screen.queryByRole('button', { name: '课程分析' })).toBeNull();
    expect(screen.queryByRole('heading', { name: '教学管理' })).toBeNull();
    expect(screen.getByRole('button', { name: /^智能出题/ })).toBeTruthy();
  });

  it('a chat entry starts its task; a panel entry opens its panel', () => {
    const { onStartTask, onOpenPanel } = renderMenu(context({ hasAiJudgePerm: true }));
    fireEvent.click(screen.getByRole('button', { name: /^实验推荐/ }));
    expect(onStartTask).toHaveBeenCalledWith(
      expect.objectContaining({ key: 'expRecommend', kind: 'chat', chatType: 'expRecommend' }),
    );
    fireEvent.click(screen.getByRole('button', { name: /^思政案例/ }));
    expect(onStartTask).toHaveBeenLastCalledWith(
      expect.objectContaining({
        key: 'politicalCase',
        chatType: 'teacherQa',
        hint: '输入知识点，生成课程思政案例',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: /^智能出题/ }));
    fireEvent.click(screen.getByRole('button', { name: /^智能判题/ }));
    expect(onOpenPanel.mock.calls).toEqual([['smartQuestion'], ['smartGrading']]);
    expect(onStartTask).toHaveBeenCalledTimes(2);
  });

  it('arrow keys, Home and End move between the entries; every entry stays in the Tab order', () => {
    renderMenu(context());
    const nav = screen.getByRole('navigation', { name: '教学助手功能' });
    const buttons = within(nav).getAllByRole('button');
    for (const button of buttons) expect(button.tabIndex).toBe(0);
    buttons[0]?.focus();
    fireEvent.keyDown(buttons[0] as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(buttons[1] as HTMLElement, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(buttons[0] as HTMLElement, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(buttons[buttons.length - 1]);
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Home' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(buttons[0] as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(buttons[buttons.length - 1]);
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'a' });
    expect(document.activeElement).toBe(buttons[buttons.length - 1]);
  });
});
