import { z } from 'zod';

/*
 * Test runs of coding questions (spec 000 sections 4 "Test run", 5.2, 5.5, 7 programExecution rows, 8, 9):
 * request and response schemas of `/api/course/programExecution/*`, their limits and their texts. The
 * server declares its routes with these; the web app validates its form and parses answers with them.
 */

/** Limits of one test run. The server answers 400 (413 for the whole body) beyond them. */
export const PROGRAM_EXECUTION_LIMITS = {
  /** Spec 5.5: max run time of one case, 1 to 10000 ms. */
  minTimeLimitMs: 1,
  maxTimeLimitMs: 10_000,
  /** Source code, in UTF-8 bytes. */
  maxSourceBytes: 64 * 1024,
  maxTestcases: 20,
  /** Input (stdin) of one case, in UTF-8 bytes. */
  maxInputBytes: 1024 * 1024,
  /** Expected output of one case, in UTF-8 bytes. */
  maxExpectedOutputBytes: 1024 * 1024,
  /** The whole JSON request body. */
  maxRequestBytes: 4 * 1024 * 1024,
} as const;

/** Test-run polling (spec 000 sections 4 and 9): once a second, at most 10 polls. */
export const TEST_RUN_POLL_INTERVAL_MS = 1000;
export const TEST_RUN_MAX_POLLS = 10;

const L = PROGRAM_EXECUTION_LIMITS;

/** Texts of the test-run calls. The first three are the spec's (section 5.2) exactly. */
export const PROGRAM_EXECUTION_MSG = {
  codeRequired: '代码不能为空!',
  outputRequired: '请完善测试用例的输出项!',
  timeLimitRequired: '最长时间不能为空!',
  timeLimitRange: `最长时间必须在${L.minTimeLimitMs}到${L.maxTimeLimitMs}毫秒之间!`,
  languageUnsupported: '不支持该编程语言!',
  testcasesRequired: '测试用例不能为空!',
  tooManyTestcases: `测试用例不能超过${L.maxTestcases}个!`,
  sourceTooLong: `代码长度不能超过${L.maxSourceBytes / 1024}KB!`,
  inputTooLarge: `测试用例的输入不能超过${L.maxInputBytes / 1024 / 1024}MB!`,
  expectedOutputTooLarge: `测试用例的输出不能超过${L.maxExpectedOutputBytes / 1024 / 1024}MB!`,
  inputNotText: '测试用例的输入必须是文本',
  /** The queue is full (503). */
  busy: '编译服务繁忙，请稍后重试',
  /** Too many submissions by one user (429). */
  rateLimited: '代码运行提交过于频繁，请1分钟后再试',
  /** No code runner is online, or none can isolate code (503). */
  unavailable: '代码运行服务暂不可用，请稍后重试',
  evaluationNotFound: '运行记录不存在',
  /** Spec section 8, shown by the web client. */
  compileFailedShown: '代码编译失败！',
  pollTimeout: '编译服务连接超时！',
  caseQualified: '测试成功',
  caseUnqualified: '测试失败',
  clearResults: '清空结果',
} as const;

/** Stages of a test run, in order (spec section 4). */
export const PROGRAM_STAGES = ['VERIFY', 'PREPROCESS', 'COMPILE', 'RUN', 'COMPLETE'] as const;
export type ProgramStage = (typeof PROGRAM_STAGES)[number];

/** How a RUN row ended. */
export const PROGRAM_VERDICTS = [
  'ACCEPTED',
  'WRONG_ANSWER',
  'TIME_LIMIT_EXCEEDED',
  'MEMORY_LIMIT_EXCEEDED',
  'OUTPUT_LIMIT_EXCEEDED',
  'RUNTIME_ERROR',
  'SYSTEM_ERROR',
] as const;
export type ProgramVerdict = (typeof PROGRAM_VERDICTS)[number];

/** Length of a string in UTF-8 bytes (no TextEncoder: this package runs without DOM or Node types). */
export const utf8Length = (text: string): number => {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
};

const M = PROGRAM_EXECUTION_MSG;
const notBlank = (text: string) => text.trim() !== '';

/** One test case: its input and the expected output (spec: stdin and stdout pairs). */
export const programTestcase = z.object({
  stdin: z
    .string({ error: M.inputNotText })
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => utf8Length(v) <= L.maxInputBytes, M.inputTooLarge)
    .describe('input fed to the program; empty when absent'),
  stdout: z
    .string({ error: M.outputRequired })
    .refine(notBlank, M.outputRequired)
    .refine((v) => utf8Length(v) <= L.maxExpectedOutputBytes, M.expectedOutputTooLarge)
    .describe('expected output; compared ignoring spaces at line ends and trailing blank lines'),
});
export type ProgramTestcase = z.infer<typeof programTestcase>;

/**
 * `POST /api/course/programExecution/submit` body. Keys are checked in this order and the first failing
 * rule's message is the answer: code, test cases, time limit, language.
 */
export const submitProgramBody = z.object({
  sourceCode: z
    .string({ error: M.codeRequired })
    .refine(notBlank, M.codeRequired)
    .refine((v) => utf8Length(v) <= L.maxSourceBytes, M.sourceTooLong),
  testcases: z
    .array(programTestcase, { error: M.testcasesRequired })
    .min(1, M.testcasesRequired)
    .max(L.maxTestcases, M.tooManyTestcases),
  timeLimit: z
    .preprocess(
      (v) => {
        if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return undefined;
        return typeof v === 'string' ? Number(v) : v;
      },
      z
        .number({ error: (issue) => (issue.input === undefined ? M.timeLimitRequired : M.timeLimitRange) })
        .int(M.timeLimitRange)
        .min(L.minTimeLimitMs, M.timeLimitRange)
        .max(L.maxTimeLimitMs, M.timeLimitRange),
    )
    .describe('max run time of one case in ms (1 to 10000)'),
  languageId: z
    .string({ error: M.languageUnsupported })
    .trim()
    .min(1, M.languageUnsupported)
    .max(32, M.languageUnsupported)
    .describe('a language id from the languages call (aliases such as "python" are accepted)'),
});
export type SubmitProgramBody = z.infer<typeof submitProgramBody>;

/** The submit answer: the evaluation to poll and one id per case, in the order sent. */
export const submitProgramResult = z.object({
  evaluationId: z.string(),
  testcases: z.array(z.object({ testcaseId: z.string() })),
});
export type SubmitProgramResult = z.infer<typeof submitProgramResult>;

/** `GET /api/course/programExecution/languages`: one entry per language a code runner can run now. */
export const programLanguage = z.object({
  id: z.string().describe('languageId for submit'),
  name: z.string().describe('display name, e.g. "Python 3"'),
  version: z.string().describe('toolchain version read at start, e.g. "GCC 12.2.0"'),
});
export type ProgramLanguage = z.infer<typeof programLanguage>;

/** `GET /api/course/programExecution/programExecution?evaluationId=`. */
export const programExecutionQuery = z.object({
  evaluationId: z.string().trim().min(1).max(64),
});

/** One stage result (spec section 7: stage, success, message, output, outputQualified, testcaseId, timeUsed). */
export const programStageResult = z.object({
  stage: z.enum(PROGRAM_STAGES),
  success: z.boolean(),
  message: z
    .string()
    .describe('Chinese; failed stages start with 验证失败, 预处理失败, 编译失败 or 运行失败'),
  output: z.string().nullable().describe('RUN: program output; COMPILE: compiler output (cut to 64 KB)'),
  outputQualified: z.boolean().nullable().describe('RUN: whether the output matched the expected output'),
  testcaseId: z.string().nullable(),
  timeUsed: z.number().int().nullable().describe('RUN: run time of the case in ms; COMPILE: compile time'),
  memoryUsed: z.number().int().nullable().describe('RUN: peak memory of the case in KB'),
  errorOutput: z.string().nullable().describe('RUN: the program’s stderr (cut to 64 KB)'),
  verdict: z.enum(PROGRAM_VERDICTS).nullable().describe('RUN: how the case ended'),
});
export type ProgramStageResult = z.infer<typeof programStageResult>;

/**
 * Whether a polled list of stages is finished: a COMPLETE row, or a failed stage that is not one test case's
 * result (a failed case does not end the run; the rest still run).
 */
export const isEvaluationFinished = (
  stages: readonly Pick<ProgramStageResult, 'stage' | 'success' | 'testcaseId'>[],
) =>
  stages.some((s) => s.stage === 'COMPLETE' || (!s.success && (s.stage !== 'RUN' || s.testcaseId === null)));
