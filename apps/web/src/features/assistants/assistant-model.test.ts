import { describe, expect, it } from 'vitest';
import {
  ANNOUNCE_CHARS,
  ASSISTANT_NAMES,
  ASSISTANT_VISIBLE_KEY,
  announcementOf,
  applyDelta,
  assistantEnabled,
  assistantNameOf,
  assistantStatus,
  citationParts,
  defaultChatType,
  enterAction,
  hasMermaidFence,
  isAtBottom,
  knownRole,
  lastTurnOf,
  panelTarget,
  readAssistantVisible,
  readRememberedId,
  splitCitations,
  writeAssistantVisible,
  writeRememberedId,
} from './assistant-model';

const loaded = (data: Record<string, number>) => ({ isPending: false, isError: false, data });

const memoryStore = () => {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
};

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
  });

  it('status: none for visitors and other roles, loading while pending, none when the call fails', () => {
    const pending = { isPending: true, isError: false, data: undefined };
    expect(assistantStatus({ signedIn: false, role: 'Student', permissions: loaded({ qabot: 2 }) })).toBe(
      'none',
    );
    expect(assistantStatus({ signedIn: true, role: 'Business', permissions: pending })).toBe('none');
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
  });

  it('names: 学习伴侣, 教学助手, 职业导师 by role and scene', () => {
    expect(knownRole('Teacher')).toBe('Teacher');
    expect(knownRole('Admin')).toBeNull();
    expect(ASSISTANT_NAMES).toEqual({ Student: '学习伴侣', Teacher: '教学助手' });
    expect(assistantNameOf('CourseQA')).toBe('学习伴侣');
    expect(assistantNameOf('HomeworkAnswer')).toBe('学习伴侣');
    expect(assistantNameOf('TeacherQA')).toBe('教学助手');
    expect(assistantNameOf('CareerMentorQA')).toBe('职业导师');
    expect(defaultChatType('CourseQA')).toBe('studentQa');
    expect(defaultChatType('TeacherQA')).toBe('teacherQa');
    expect(defaultChatType('CareerMentorQA')).toBe('aiCareerMentor');
  });

  it("the panel's scene: the page's when it fits the role, else the picked course (CourseQA / TeacherQA)", () => {
    const homework = { scene: 'HomeworkAnswer' as const, courseId: 3, homeworkId: 9 };
    expect(panelTarget({ role: 'Student', pageScene: homework, pickedCourseId: 1 })).toEqual({
      target: homework,
      picker: false,
    });
    const experiment = { scene: 'DoExperiment' as const, contentId: 5 };
    expect(panelTarget({ role: 'Student', pageScene: experiment, pickedCourseId: null }).target).toBe(
      experiment,
    );
    // no page scene: the student's picked course
    expect(panelTarget({ role: 'Student', pageScene: null, pickedCourseId: 7 })).toEqual({
      target: { scene: 'CourseQA', courseId: 7 },
      picker: true,
    });
    expect(panelTarget({ role: 'Student', pageScene: null, pickedCourseId: null })).toEqual({
      target: null,
      picker: true,
    });
    // a teacher on a student page (a catalogue preview) asks as the teaching assistant on a course
    expect(panelTarget({ role: 'Teacher', pageScene: experiment, pickedCourseId: 4 })).toEqual({
      target: { scene: 'TeacherQA', courseId: 4 },
      picker: true,
    });
    const teacherCourse = { scene: 'TeacherQA' as const, courseId: 8 };
    expect(panelTarget({ role: 'Teacher', pageScene: teacherCourse, pickedCourseId: 4 }).target).toBe(
      teacherCourse,
    );
    // a student never gets the teacher scene, nor the mentor's (it has its own page)
    expect(panelTarget({ role: 'Student', pageScene: teacherCourse, pickedCourseId: 2 }).target).toEqual({
      scene: 'CourseQA',
      courseId: 2,
    });
    expect(
      panelTarget({ role: 'Student', pageScene: { scene: 'CareerMentorQA' }, pickedCourseId: 2 }).target,
    ).toEqual({ scene: 'CourseQA', courseId: 2 });
  });

  it('IME-safe Enter: sends on Enter, new line on Shift+Enter, nothing while composing (isComposing or 229)', () => {
    expect(enterAction({ key: 'Enter', shiftKey: false, keyCode: 13, isComposing: false })).toBe('send');
    expect(enterAction({ key: 'Enter', shiftKey: true, keyCode: 13 })).toBe('newline');
    expect(enterAction({ key: 'Enter', shiftKey: false, keyCode: 13, isComposing: true })).toBe('none');
    expect(enterAction({ key: 'Enter', shiftKey: false, keyCode: 229, isComposing: false })).toBe('none');
    // Safari reports the composition's Enter only through keyCode 229 (key may still say Enter)
    expect(enterAction({ key: 'Enter', shiftKey: true, keyCode: 229 })).toBe('none');
    expect(enterAction({ key: 'a', shiftKey: false, keyCode: 65 })).toBe('none');
  });

  it('auto-scroll rule: follows at the bottom (within the slack), not when scrolled up', () => {
    const at = (scrollTop: number) => isAtBottom({ scrollTop, scrollHeight: 1000, clientHeight: 400 });
    expect(at(600)).toBe(true);
    expect(at(570)).toBe(true);
    expect(at(559)).toBe(false);
    expect(at(0)).toBe(false);
    expect(isAtBottom({ scrollTop: 0, scrollHeight: 300, clientHeight: 400 })).toBe(true);
  });

  it('pieces join by offset: appended in order, an overlap from a rejoin is not repeated', () => {
    expect(applyDelta('', '你好', 2)).toBe('你好');
    expect(applyDelta('你好', '，同学', 5)).toBe('你好，同学');
    // a rejoin from an older offset: the piece covers text already shown
    expect(applyDelta('你好，同', '，同学', 5)).toBe('你好，同学');
    expect(applyDelta('你好，同学', '同学', 5)).toBe('你好，同学');
    // no offset: appended
    expect(applyDelta('abc', 'd', -1)).toBe('abcd');
    // a gap (a piece lost): appended rather than dropped
    expect(applyDelta('ab', 'z', 10)).toBe('abz');
  });

  it('announces a finished answer once: 回答完成 and its first words, markdown stripped', () => {
    expect(announcementOf('**栈**是一种后进先出的结构。')).toBe('回答完成：栈 是一种后进先出的结构。');
    const long = '队'.repeat(100);
    expect(announcementOf(long)).toBe(`回答完成：${'队'.repeat(ANNOUNCE_CHARS)}…`);
    expect(announcementOf('```js\nlet a\n```\n好了')).toBe('回答完成：好了');
    expect(announcementOf('到这里', 'Stopped')).toBe('已停止回答：到这里');
    expect(announcementOf('', 'Failed')).toBe('回答失败');
  });

  it('citation marks: only the cited numbers become marks; code-like brackets stay text', () => {
    expect(citationParts('见[1]与[2]，[9]不是', new Set([1, 2]))).toEqual([
      '见',
      { n: 1 },
      '与',
      { n: 2 },
      '，[9]不是',
    ]);
    expect(citationParts('a[1]', new Set())).toEqual(['a[1]']);
    const three = [{ n: 1 }, { n: 2 }, { n: 3 }];
    expect(splitCitations(three, '见[3]和[1]，[1]')).toEqual({
      used: [{ n: 1 }, { n: 3 }],
      unused: [{ n: 2 }],
    });
    expect(splitCitations(three, '没有引用')).toEqual({ used: [], unused: three });
    expect(hasMermaidFence('图：\n```mermaid\nclassDiagram\n```')).toBe(true);
    expect(hasMermaidFence('```js\n```')).toBe(false);
  });

  it('a conversation goes on with the chat type and task of its last question', () => {
    expect(lastTurnOf([])).toBeNull();
    expect(
      lastTurnOf([
        { role: 'user', chatType: 'classDiagram', teacherTask: null },
        { role: 'assistant', chatType: 'classDiagram', teacherTask: null },
        { role: 'user', chatType: 'teacherQa', teacherTask: 'teachingPlan' },
        { role: 'assistant', chatType: 'teacherQa', teacherTask: 'teachingPlan' },
      ]),
    ).toEqual({ chatType: 'teacherQa', teacherTask: 'teachingPlan' });
  });

  it('per tab: visible state as 1/0, remembered ids; hidden and null when storage fails', () => {
    const store = memoryStore();
    expect(readAssistantVisible(store)).toBe(false);
    writeAssistantVisible(store, true);
    expect(store.map.get(ASSISTANT_VISIBLE_KEY)).toBe('1');
    expect(readAssistantVisible(store)).toBe(true);
    writeAssistantVisible(store, false);
    expect(readAssistantVisible(store)).toBe(false);
    writeRememberedId(store, 'k', 42);
    expect(readRememberedId(store, 'k')).toBe(42);
    writeRememberedId(store, 'k', null);
    expect(readRememberedId(store, 'k')).toBeNull();
    store.setItem('k', 'abc');
    expect(readRememberedId(store, 'k')).toBeNull();
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
    expect(readRememberedId(broken, 'k')).toBeNull();
    expect(() => writeRememberedId(broken, 'k', 1)).not.toThrow();
    expect(readAssistantVisible(null)).toBe(false);
  });
});
