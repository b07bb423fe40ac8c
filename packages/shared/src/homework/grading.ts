import { z } from 'zod';
import { TEACHING_MSG } from '../question-bank/teaching';

/*
 * How a code answer (programming or function question) was graded in the sandbox on submit (issue 11): each
 * test case's outcome and the parts of the score, shown to the teacher beside the answer and to the student
 * once results are released.
 */

/** One test case of a graded code answer. */
export type CodeGradeCase = {
  /** Position of the case in the question's test cases (0-based). */
  index: number;
  /** Weight in % (strategy Part). */
  weight: number;
  /** Whether the program's output matched the expected output. */
  qualified: boolean;
  /** Run time in ms, when the program ran. */
  timeUsedMs: number | null;
  /** Why it did not qualify, in Chinese (编译错误, 运行超时, 输出错误...); empty when it did. */
  verdict: string;
};

/** The sandbox outcome of a code answer. */
export type CodeGradeDetail = {
  strategy: 'All' | 'Part';
  /** Performance scoring (isPerformance = 1): share x in % and the reference time Tmin in ms. */
  performance: { sharePercent: number; referenceTimeMs: number } | null;
  cases: CodeGradeCase[];
  /** A compile error or a failure of the sandbox itself, shown to the teacher; empty otherwise. */
  message: string;
};

/** Verdicts of a code answer's test case and messages of code grading, in Chinese (shown to the teacher). */
export const CODE_GRADE_MSG = {
  compileError: '编译错误',
  wrongAnswer: '答案错误',
  timeLimit: '运行超时',
  memoryLimit: '内存超限',
  outputLimit: '输出超限',
  runtimeError: '运行错误',
  systemError: '评测系统错误',
  notRun: '未运行',
  /** No code runner can run the question's language now: the answer waits for the teacher. */
  sandboxUnavailable: '代码运行服务不可用，请教师人工批改',
  /** The run could not finish (a runner died, a timeout): the answer waits for the teacher. */
  runFailed: '代码评测未能完成，请教师人工批改',
  /** The question has no language or no test cases: nothing to run against. */
  notGradable: '题目缺少编程语言或测试用例，无法自动评测，请教师人工批改',
  /** A blank answer scores 0 without running. */
  blankCode: '未作答',
} as const;

/*
 * AI-judge runs of a homework (issue 11): the course's teacher has the AI judge score, in the background, the
 * short answers (简答题) of the submitted submissions still waiting for a grade; the page polls the newest run.
 * `POST /api/course/courses/{courseId}/homeworks/{homeworkId}/judgeRuns`
 * `GET  /api/course/courses/{courseId}/homeworks/{homeworkId}/judgeRuns/latest`
 * Only the course's teacher; another teacher's ids answer 404 作业不存在, students 403 学生身份暂无权限.
 */

/** How a judge run stands. */
export const JUDGE_RUN_STATUSES = ['running', 'done', 'failed'] as const;
export type JudgeRunStatus = (typeof JUDGE_RUN_STATUSES)[number];

/** Texts of the judge-run calls. */
export const JUDGE_RUN_MSG = {
  started: (total: number) => `已开始AI判题，共${total}份简答题答案`,
  alreadyRunning: '该作业的AI判题正在进行中',
  nothingToJudge: '没有需要AI判题的简答题答案（已提交且尚未批改的）',
  /** The run stopped before its end (e.g. no model configured any more). */
  runFailed: 'AI判题未能完成',
} as const;

/** A database id in a path: 1 to 15 digits, no leading zero. */
const gradingIdParam = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[1-9][0-9]{0,14}$/, message)
    .describe('numeric id');

/** Path of the judge-run calls. */
export const judgeRunParams = z.object({
  courseId: gradingIdParam(TEACHING_MSG.courseIdInvalid),
  homeworkId: gradingIdParam(TEACHING_MSG.homeworkIdInvalid),
});
export type JudgeRunParams = z.infer<typeof judgeRunParams>;

/** A judge run and its progress. */
export const judgeRun = z.object({
  id: z.string(),
  status: z.enum(JUDGE_RUN_STATUSES).describe('running, done or failed'),
  total: z.number().int().describe('answers to judge when the run started'),
  judged: z.number().int().describe('answers the judge scored and applied'),
  failed: z.number().int().describe('answers the model could not judge (left for the teacher)'),
  error: z.string().nullable().describe('why a failed run stopped; null otherwise'),
  createdAt: z.number().int().describe('epoch ms'),
  finishedAt: z.number().int().nullable().describe('epoch ms; null while running'),
});
export type JudgeRun = z.infer<typeof judgeRun>;

/** Answer of the start call: the run started (or the one already running), or none with the reason. */
export const startJudgeRunResult = z.object({
  run: judgeRun.nullable().describe('the new run, the one already running, or null: nothing to judge'),
  started: z.boolean().describe('true: a new run was started by this call'),
  message: z.string().describe('已开始AI判题… / 该作业的AI判题正在进行中 / 没有需要AI判题的简答题答案…'),
});
export type StartJudgeRunResult = z.infer<typeof startJudgeRunResult>;

/** Answer of the latest call: the newest run of the homework, or null when none was ever started. */
export const latestJudgeRun = judgeRun.nullable();
export type LatestJudgeRun = z.infer<typeof latestJudgeRun>;
