/** Stage names, in the order an evaluation passes through them (spec section 4, "Test run"). */
export const STAGES = ['VERIFY', 'PREPROCESS', 'COMPILE', 'RUN', 'COMPLETE'] as const;
export type Stage = (typeof STAGES)[number];

/** Limits on what one evaluation may ask for; the API states the same numbers in its docs. */
export const EVALUATION_LIMITS = {
  /** Spec 5.5: max run time 1 to 10000 ms. */
  minTimeLimitMs: 1,
  maxTimeLimitMs: 10_000,
  maxSourceBytes: 64 * 1024,
  maxTestcases: 50,
  maxInputBytes: 1024 * 1024,
  maxExpectedOutputBytes: 1024 * 1024,
  /** Memory per test case when the caller does not say (the spec's submit call has no memory field). */
  defaultMemoryLimitMb: 256,
  maxMemoryLimitMb: 1024,
  /** A program writing more than this to stdout or stderr, or to any file, gets 输出超限. */
  outputLimitBytes: 1024 * 1024,
  compileTimeLimitMs: 10_000,
  compileMemoryLimitMb: 512,
  /** Compiler output and stderr shown to the user are cut to this many bytes. */
  shownOutputBytes: 64 * 1024,
} as const;

/** Chinese texts of the stage results. VERIFY texts are exactly the spec's (section 5.2). */
export const SANDBOX_MSG = {
  codeRequired: '代码不能为空!',
  outputRequired: '请完善测试用例的输出项!',
  timeLimitRequired: '最长时间不能为空!',
  timeLimitRange: `最长时间必须在${EVALUATION_LIMITS.minTimeLimitMs}到${EVALUATION_LIMITS.maxTimeLimitMs}毫秒之间!`,
  languageUnsupported: '不支持该编程语言!',
  testcasesRequired: '测试用例不能为空!',
  sourceTooLong: `代码长度不能超过${EVALUATION_LIMITS.maxSourceBytes / 1024}KB!`,
  tooManyTestcases: `测试用例不能超过${EVALUATION_LIMITS.maxTestcases}个!`,
  inputTooLarge: `测试用例的输入不能超过${EVALUATION_LIMITS.maxInputBytes / 1024 / 1024}MB!`,
  expectedOutputTooLarge: `测试用例的输出不能超过${EVALUATION_LIMITS.maxExpectedOutputBytes / 1024 / 1024}MB!`,
  memoryLimitRange: `内存限制必须在16到${EVALUATION_LIMITS.maxMemoryLimitMb}MB之间!`,

  /** Prefixes of failed stages (spec section 8). */
  verifyFailed: '验证失败',
  preprocessFailed: '预处理失败',
  compileFailed: '编译失败',
  runFailed: '运行失败',

  verifyPassed: '验证通过',
  preprocessDone: '预处理完成',
  compileSucceeded: '编译成功',
  compileNotNeeded: '无需编译',
  syntaxChecked: '语法检查通过',
  compileTimeout: '编译失败：编译超时',
  compileMemory: '编译失败：编译时内存超限',
  compileOutput: '编译失败：编译输出过多',
  compileNoExecutable: '编译失败：未生成可执行文件',

  runSucceeded: '运行成功，输出与预期一致',
  wrongAnswer: '运行结果与预期输出不一致',
  timeLimitExceeded: '运行超时',
  memoryLimitExceeded: '内存超限',
  outputLimitExceeded: '输出超限',
  runtimeError: '运行失败',
  judgeKilled: '运行失败：程序终止了评测进程',
  judgeUnresponsive: '运行失败：程序使评测进程失去响应',
  internalError: '评测系统错误',
  systemError: '运行失败：评测系统错误',

  sandboxUnavailable: '代码运行环境不可用',
} as const;

/** Human-readable names of the signals a program usually dies from. */
export const SIGNAL_NAMES: Record<number, string> = {
  4: 'SIGILL，非法指令',
  6: 'SIGABRT，程序中止',
  7: 'SIGBUS，总线错误',
  8: 'SIGFPE，算术错误（如除以零）',
  9: 'SIGKILL，被强制终止',
  11: 'SIGSEGV，段错误（非法内存访问）',
  13: 'SIGPIPE，管道破裂',
  15: 'SIGTERM，被终止',
  24: 'SIGXCPU，CPU 时间超限',
  25: 'SIGXFSZ，文件大小超限',
  31: 'SIGSYS，非法系统调用',
};

export function timeLimitMessage(limitMs: number): string {
  return `${SANDBOX_MSG.timeLimitExceeded}：运行时间超过 ${limitMs} 毫秒`;
}

export function memoryLimitMessage(limitMb: number): string {
  return `${SANDBOX_MSG.memoryLimitExceeded}：内存使用超过 ${limitMb} MB`;
}

export function outputLimitMessage(limitBytes: number): string {
  return `${SANDBOX_MSG.outputLimitExceeded}：输出超过 ${formatBytes(limitBytes)}`;
}

export function exitCodeMessage(code: number): string {
  return `${SANDBOX_MSG.runtimeError}：程序异常退出（退出码 ${code}）`;
}

export function signalMessage(signal: number): string {
  return `${SANDBOX_MSG.runtimeError}：程序被信号终止（${SIGNAL_NAMES[signal] ?? `信号 ${signal}`}）`;
}

export function completeMessage(passed: number, total: number): string {
  return `运行完成，通过 ${passed}/${total} 个测试用例`;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / 1024 / 1024} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} 字节`;
}
