import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_NAMES,
  ASSISTANT_VISIBLE_KEY,
  assistantEnabled,
  assistantStatus,
  knownRole,
  readAssistantVisible,
  STUDENT_PROMPT_GROUPS,
  TEACHER_MENU,
  teacherMenu,
  writeAssistantVisible,
} from './assistant-model';

const loaded = (data: Record<string, number>) => ({ isPending: false, isError: false, data });

describe('assistant model', () => {
  it('spec 6: enabled only when qabot equals 2 and the user is a student or a teacher', () => {
    expect(assistantEnabled({ role: 'Student', permissions: { qabot: 2 } })).toBe(true);
    expect(assistantEnabled({ role: 'Teacher', permissions: { qabot: 2 } })).toBe(true);
    expect(assistantEnabled({ role: 'Business', permissions: { qabot: 2 } })).toBe(false);
    expect(assistantEnabled({ role: null, permissions: { qabot: 2 } })).toBe(false);
    for (const qabot of [0, 1, 3, -2]) {
      expect(assistantEnabled({ role: 'Student', permissions: { qabot } })).toBe(false);
    }
    expect(assistantEnabled({ role: 'Student', permissions: {} })).toBe(false);
    expect(assistantEnabled({ role: 'Teacher', permissions: null })).toBe(false);
    expect(assistantEnabled({ role: 'Teacher', permissions: undefined })).toBe(false);
  });

  it('status: none for visitors and other roles, loading while pending, none when the call fails', () => {
    const pending = { isPending: true, isError: false, data: undefined };
    expect(assistantStatus({ signedIn: false, role: 'Student', permissions: loaded({ qabot: 2 }) })).toBe(
      'none',
    );
    expect(assistantStatus({ signedIn: true, role: 'Business', permissions: pending })).toBe('none');
    expect(assistantStatus({ signedIn: true, role: null, permissions: pending })).toBe('none');
    expect(assistantStatus({ signedIn: true, role: 'Student', permissions: pending })).toBe('loading');
    expect(
      assistantStatus({
        signedIn: true,
        role: 'Teacher',
        permissions: { isPending: false, isError: true, data: undefined },
      }),
    ).toBe('none');
    expect(assistantStatus({ signedIn: true, role: 'Teacher', permissions: loaded({ qabot: 2 }) })).toBe(
      'enabled',
    );
    expect(assistantStatus({ signedIn: true, role: 'Student', permissions: loaded({ qabot: 1 }) })).toBe(
      'none',
    );
  });

  it('roles: only the known identity types, no default', () => {
    expect(knownRole('Teacher')).toBe('Teacher');
    expect(knownRole('Admin')).toBeNull();
    expect(knownRole(null)).toBeNull();
    expect(ASSISTANT_NAMES).toEqual({ Student: '学习伴侣', Teacher: '教学助手' });
  });

  it('teacher menu: the four groups of spec 2.15 in order; 智能出题 and 智能判题 lead to the toolkit', () => {
    const menu = teacherMenu({ qabot: 2, batchAiQuestion: 2, aiTeachingAnalysis: 1 });
    expect(menu.map((g) => [g.title, g.entries.map((e) => e.label)])).toEqual([
      ['课程建设', ['知识图谱', '教学案例', '思政案例', '教学计划']],
      ['实践教学', ['实验推荐', '实验案例', '实践题目生成']],
      ['智能评估', ['智能出题', '智能判题', '共性洞察']],
      ['教学管理', ['课程分析']],
    ]);
    const entries = menu.flatMap((g) => g.entries);
    expect(entries.filter((e) => e.kind === 'link')).toEqual([
      { key: 'smartQuestion', label: '智能出题', kind: 'link', to: '/ai/toolkit' },
      { key: 'smartGrading', label: '智能判题', kind: 'link', to: '/ai/toolkit' },
    ]);
    expect(entries.filter((e) => e.kind === 'soon')).toHaveLength(9);
  });

  it('spec 6: 智能判题 needs batchAiQuestion equal to 2; 课程分析 needs aiTeachingAnalysis truthy', () => {
    const labels = (p: Record<string, number>) =>
      teacherMenu(p).flatMap((g) => g.entries.map((e) => e.label));
    for (const batchAiQuestion of [0, 1, 3]) {
      expect(labels({ qabot: 2, batchAiQuestion, aiTeachingAnalysis: 1 })).not.toContain('智能判题');
    }
    expect(labels({ qabot: 2 })).not.toContain('智能判题');
    expect(labels({ qabot: 2, batchAiQuestion: 2 })).toContain('智能判题');
    // a group left without entries is dropped
    expect(teacherMenu({ qabot: 2, aiTeachingAnalysis: 0 }).map((g) => g.title)).toEqual([
      '课程建设',
      '实践教学',
      '智能评估',
    ]);
    for (const aiTeachingAnalysis of [1, 2, -1]) {
      expect(labels({ aiTeachingAnalysis })).toContain('课程分析');
    }
    // the other entries need nothing
    expect(labels({})).toHaveLength(TEACHER_MENU.flatMap((g) => g.entries).length - 2);
  });

  it('student prompt groups of spec 2.15', () => {
    expect(STUDENT_PROMPT_GROUPS.map((g) => g.title)).toEqual(['知识问答', '项目设计', '编程助手']);
  });

  it('visible state: remembered as 1/0, hidden by default and when storage fails', () => {
    const map = new Map<string, string>();
    const store = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => map.set(k, v),
    };
    expect(readAssistantVisible(store)).toBe(false);
    writeAssistantVisible(store, true);
    expect(map.get(ASSISTANT_VISIBLE_KEY)).toBe('1');
    expect(readAssistantVisible(store)).toBe(true);
    writeAssistantVisible(store, false);
    expect(readAssistantVisible(store)).toBe(false);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readAssistantVisible(broken)).toBe(false);
    expect(() => writeAssistantVisible(broken, true)).not.toThrow();
    expect(readAssistantVisible(null)).toBe(false);
  });
});
