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
