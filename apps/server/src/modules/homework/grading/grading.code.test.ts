import {
  CODE_GRADE_MSG,
  type GeneratedQuestion,
  type ProgramStageResult,
  performanceScore,
} from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { blankCodeGrade, codeGradeOf, codeRunPlanOf, failedCodeGrade } from './grading.code';

const question = (extra: Partial<GeneratedQuestion> = {}) =>
  ({
    qsnType: 5,
    titleText: 'A+B',
    language: 'python3',
    maxTime: 1000,
    programScoreStrategy: 'Part',
    testcases: [
      { input: '1 2', output: '3', weight: 20 },
      { input: '2 3', output: '5', weight: 30 },
      { input: '5 5', output: '10', weight: 50 },
    ],
    ...extra,
  }) as GeneratedQuestion;

const row = (extra: Partial<ProgramStageResult>): ProgramStageResult => ({
  stage: 'RUN',
  success: true,
  message: '',
  output: null,
  outputQualified: null,
  testcaseId: null,
  timeUsed: null,
  memoryUsed: null,
  errorOutput: null,
  verdict: null,
  ...extra,
});

const ok = (id: number, timeUsed = 10) =>
  row({ testcaseId: String(id), success: true, outputQualified: true, timeUsed, verdict: 'ACCEPTED' });
const wrong = (id: number) =>
  row({
    testcaseId: String(id),
    success: false,
    outputQualified: false,
    timeUsed: 12,
    verdict: 'WRONG_ANSWER',
  });
const head = [row({ stage: 'VERIFY' }), row({ stage: 'PREPROCESS' }), row({ stage: 'COMPILE' })];
const complete = row({ stage: 'COMPLETE' });
const ids = [11, 12, 13];

describe('code run plan of a question', () => {
  it('takes language, time limit, cases, strategy, weights and performance from the question', () => {
    const plan = codeRunPlanOf(
      question({ isPerformance: 1, ratePerformance: 30, runtime: 50, programScoreStrategy: 'All' }),
    )!;
    expect(plan).toEqual({
      languageId: 'python3',
      timeLimitMs: 1000,
      testcases: [
        { stdin: '1 2', stdout: '3' },
        { stdin: '2 3', stdout: '5' },
        { stdin: '5 5', stdout: '10' },
      ],
      strategy: 'All',
      weights: [20, 30, 50],
      performance: { sharePercent: 30, referenceTimeMs: 50 },
    });
  });

  it('uses the defaults of spec 9 (strategy Part, 2000 ms, share 20 %, reference 200 ms)', () => {
    const plan = codeRunPlanOf(
      question({ maxTime: undefined, programScoreStrategy: undefined, isPerformance: 1 }),
    )!;
    expect(plan.strategy).toBe('Part');
    expect(plan.timeLimitMs).toBe(2000);
    expect(plan.performance).toEqual({ sharePercent: 20, referenceTimeMs: 200 });
    expect(codeRunPlanOf(question({ maxTime: 99_999 }))!.timeLimitMs).toBe(10_000);
  });

  it('has no plan without a language or without test cases', () => {
    expect(codeRunPlanOf(question({ language: '' }))).toBeNull();
    expect(codeRunPlanOf(question({ testcases: [] }))).toBeNull();
  });
});

describe('code grade of a finished evaluation', () => {
  const plan = codeRunPlanOf(question())!;

  it('Part: each qualified case earns its weight; the detail names each case in Chinese', () => {
    const grade = codeGradeOf({
      plan,
      maxScore: 10,
      stages: [...head, ok(11), wrong(12), ok(13), complete],
      caseIds: ids,
    });
    expect(grade.gradeState).toBe('graded');
    expect(grade.score).toBe(7);
    expect(grade.detail).toEqual({
      strategy: 'Part',
      performance: null,
      message: '',
      cases: [
        { index: 0, weight: 20, qualified: true, timeUsedMs: 10, verdict: '' },
        { index: 1, weight: 30, qualified: false, timeUsedMs: 12, verdict: '答案错误' },
        { index: 2, weight: 50, qualified: true, timeUsedMs: 10, verdict: '' },
      ],
    });
  });

  it('All: the full score only when every case qualifies', () => {
    const all = codeRunPlanOf(question({ programScoreStrategy: 'All' }))!;
    const stages = (second: ProgramStageResult) => [...head, ok(11), second, ok(13), complete];
    expect(codeGradeOf({ plan: all, maxScore: 10, stages: stages(wrong(12)), caseIds: ids }).score).toBe(0);
    expect(codeGradeOf({ plan: all, maxScore: 10, stages: stages(ok(12)), caseIds: ids }).score).toBe(10);
  });

  it('performance: S*(1-x%) + S*x%*(Tmin/(Ti*0.9)) with the slowest case under All', () => {
    const perf = codeRunPlanOf(
      question({ programScoreStrategy: 'All', isPerformance: 1, ratePerformance: 20, runtime: 90 }),
    )!;
    const grade = codeGradeOf({
      plan: perf,
      maxScore: 10,
      stages: [...head, ok(11, 100), ok(12, 200), ok(13, 50), complete],
      caseIds: ids,
    });
    // 10*0.8 + 10*0.2*(90/(200*0.9)) = 8 + 1 = 9
    expect(grade.score).toBe(9);
    expect(grade.score).toBe(
      Math.round(
        performanceScore({ score: 10, sharePercent: 20, referenceTimeMs: 90, timeUsedMs: 200 }) * 10,
      ) / 10,
    );
  });

  it('maps every verdict to Chinese', () => {
    const verdicts = [
      'TIME_LIMIT_EXCEEDED',
      'MEMORY_LIMIT_EXCEEDED',
      'OUTPUT_LIMIT_EXCEEDED',
      'RUNTIME_ERROR',
    ] as const;
    const texts = verdicts.map((verdict) => {
      const grade = codeGradeOf({
        plan,
        maxScore: 10,
        stages: [...head, row({ testcaseId: '11', success: false, verdict }), ok(12), ok(13), complete],
        caseIds: ids,
      });
      return grade.detail.cases[0]!.verdict;
    });
    expect(texts).toEqual(['运行超时', '内存超限', '输出超限', '运行错误']);
  });

  it('a compile error scores 0 with the compiler message', () => {
    const grade = codeGradeOf({
      plan,
      maxScore: 10,
      stages: [
        row({ stage: 'VERIFY' }),
        row({ stage: 'PREPROCESS' }),
        row({
          stage: 'COMPILE',
          success: false,
          message: '编译失败',
          output: "main.c:1: error: expected ';'",
        }),
      ],
      caseIds: ids,
    });
    expect(grade.gradeState).toBe('graded');
    expect(grade.score).toBe(0);
    expect(grade.detail.message).toBe("编译失败\nmain.c:1: error: expected ';'");
    expect(grade.detail.cases.map((c) => c.verdict)).toEqual(['编译错误', '编译错误', '编译错误']);
  });

  it.each([
    [
      'a failed PREPROCESS (no isolation, runner died)',
      [row({ stage: 'PREPROCESS', success: false, message: '预处理失败：评测进程意外中断' })],
    ],
    [
      'a failed RUN that is no case’s',
      [...head, ok(11), row({ stage: 'RUN', success: false, message: '运行失败：评测服务已停止' })],
    ],
    [
      'a system error on a case',
      [
        ...head,
        ok(11),
        row({ testcaseId: '12', success: false, verdict: 'SYSTEM_ERROR', message: '系统错误' }),
        ok(13),
        complete,
      ],
    ],
    ['a case without a result', [...head, ok(11), ok(13), complete]],
  ])('%s leaves the answer failed for the teacher, with the reason', (_name, stages) => {
    const grade = codeGradeOf({ plan, maxScore: 10, stages, caseIds: ids });
    expect(grade.gradeState).toBe('failed');
    expect(grade.score).toBeNull();
    expect(grade.detail.message).toContain(CODE_GRADE_MSG.runFailed);
  });

  it('blank code scores 0 without running; a question that cannot run fails', () => {
    expect(blankCodeGrade(plan)).toMatchObject({ gradeState: 'graded', score: 0 });
    expect(failedCodeGrade(null, CODE_GRADE_MSG.notGradable)).toMatchObject({
      gradeState: 'failed',
      score: null,
      detail: { message: CODE_GRADE_MSG.notGradable, cases: [] },
    });
  });
});
