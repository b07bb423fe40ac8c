/*
 * Scoring of programming questions (spec 000 sections 3.3, 5.1, 5.5 and 9): case weights and the
 * performance score. Pure functions shared by the question editor (browser) and the judge (server).
 */

/** All: the full score only when every case passes. Part: each passing case earns its weight's share. */
export const PROGRAM_SCORE_STRATEGIES = ['All', 'Part'] as const;
export type ProgramScoreStrategy = (typeof PROGRAM_SCORE_STRATEGIES)[number];

/** Defaults of a coding question (spec section 9). */
export const PROGRAM_SCORE_DEFAULTS = {
  strategy: 'Part' as ProgramScoreStrategy,
  /** maxTime: max run time of one case, ms (1 to 10000). */
  maxTimeMs: 2000,
  /** runtime: the reference run time Tmin, ms (1 to 10000). */
  referenceTimeMs: 200,
  /** ratePerformance: the performance share x, % (1 to 100). */
  performanceSharePercent: 20,
} as const;

/** Texts of the case-weight rules (spec 5.1). */
export const SCORING_MSG = {
  weightsSum: '测试用例的评分占比之和必须为100',
  weightRange: '测试用例的评分占比必须是0到100之间的整数',
} as const;

/** Total of the case weights under strategy Part. */
export const WEIGHT_TOTAL = 100;

/**
 * Weights for `count` new cases: an even split of 100 in whole numbers, the last case taking the remainder
 * (spec 5.5), e.g. 3 cases -> [33, 33, 34].
 */
export const evenCaseWeights = (count: number): number[] => {
  const n = Math.max(0, Math.floor(count));
  if (n === 0) return [];
  const each = Math.floor(WEIGHT_TOTAL / n);
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? WEIGHT_TOTAL - each * (n - 1) : each));
};

/**
 * Checks the weights of strategy Part: each an integer 0 to 100, together exactly 100. Returns the message
 * of the first broken rule, or null. Strategy All ignores weights.
 */
export const checkCaseWeights = (weights: readonly number[]): string | null => {
  if (weights.some((w) => !Number.isInteger(w) || w < 0 || w > WEIGHT_TOTAL)) return SCORING_MSG.weightRange;
  const sum = weights.reduce((a, b) => a + b, 0);
  return sum === WEIGHT_TOTAL ? null : SCORING_MSG.weightsSum;
};

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * The performance score of spec section 9: `S*(1-x%) + S*x%*(Tmin/(Ti*0.9))`.
 *
 * S is the score at stake, x the performance share in %, Tmin the reference run time and Ti the time the
 * program took. Clamping: x is held to 0..100; the speed factor `Tmin/(Ti*0.9)` is held to 0..1, so a run
 * faster than the reference (within 10 %) earns the full score and never more; a time of 0 or less counts
 * as instant (factor 1); a reference time of 0 or less gives factor 0; a negative S scores 0. The result
 * lies in 0..S and is not rounded (see `programScore`).
 */
export const performanceScore = (opts: {
  score: number;
  sharePercent: number;
  referenceTimeMs: number;
  timeUsedMs: number;
}): number => {
  const score = Math.max(0, opts.score);
  const share = clamp(opts.sharePercent, 0, 100) / 100;
  let factor: number;
  if (!(opts.referenceTimeMs > 0)) factor = 0;
  else if (!(opts.timeUsedMs > 0)) factor = 1;
  else factor = clamp(opts.referenceTimeMs / (opts.timeUsedMs * 0.9), 0, 1);
  return score * (1 - share) + score * share * factor;
};

/** One judged test case. */
export type ScoredCase = {
  /** Weight in % (strategy Part). */
  weight: number;
  /** Whether the output matched the expected output. */
  qualified: boolean;
  /** Run time in ms (used with performance scoring). */
  timeUsedMs?: number | null;
};

/** Rounds a score to one decimal, as scores are shown and stored (spec section 9). */
export const roundScore = (value: number) => Math.round(value * 10) / 10;

/**
 * The score of a programming answer from its case results, rounded to one decimal.
 * - All: the question score when every case qualified, otherwise 0. With performance scoring the slowest
 *   case's time is Ti.
 * - Part: each qualified case earns `questionScore * weight / 100` (its own S), with performance scoring
 *   its own time as Ti. Weights are used as given (check them with `checkCaseWeights`); the total never
 *   exceeds the question score.
 * A case without a time counts as instant under performance scoring.
 */
export const programScore = (opts: {
  questionScore: number;
  strategy: ProgramScoreStrategy;
  cases: readonly ScoredCase[];
  /** Performance scoring (isPerformance = 1): share x in % and the reference time Tmin. */
  performance?: { sharePercent: number; referenceTimeMs: number } | null;
}): number => {
  const S = Math.max(0, opts.questionScore);
  const { cases, performance } = opts;
  if (cases.length === 0) return 0;
  const worth = (score: number, timeUsedMs: number | null | undefined) =>
    performance ? performanceScore({ score, ...performance, timeUsedMs: timeUsedMs ?? 0 }) : score;
  if (opts.strategy === 'All') {
    if (!cases.every((c) => c.qualified)) return 0;
    const slowest = Math.max(...cases.map((c) => c.timeUsedMs ?? 0));
    return roundScore(worth(S, slowest));
  }
  let total = 0;
  for (const c of cases) {
    if (c.qualified) total += worth((S * clamp(c.weight, 0, WEIGHT_TOTAL)) / WEIGHT_TOTAL, c.timeUsedMs);
  }
  return roundScore(Math.min(S, total));
};
