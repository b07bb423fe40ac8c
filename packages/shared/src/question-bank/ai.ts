import { z } from 'zod';
import { GENERATION_SOURCES, GENERATOR_QSN_TYPES, isCodeType, QUESTION_MSG } from './questions';

/*
 * The AI tools' calls (spec 000 sections 3.4, 5.3, 5.4, 7, 8, 9): the streamed question draft
 * `POST /api/course/ai/generate_questions/sse`, stopping it `POST /api/course/ai/tasks/{taskId}/stop`, and
 * the judge `POST /api/course/ai/judge_questions`. The server declares its routes with these; the web app
 * validates its forms with the same rules.
 */

/** Limits of the AI forms (spec 5.3, 5.4 and 9). */
export const AI_LIMITS = {
  /** Requirements, question, reference and student answer: at most 1000 characters. */
  maxTextLength: 1000,
  minQuestionNum: 1,
  maxQuestionNum: 5,
  /** Question length the client sends (spec 9). */
  questionLength: 1000,
  minQuestionScore: 1,
  maxQuestionScore: 9999,
  defaultQuestionScore: 10,
  /** Earlier titles taken from questionHistory (the newest ones). */
  maxHistoryTitles: 50,
  maxHistoryTextLength: 20_000,
} as const;

const AL = AI_LIMITS;

/** Texts of the AI calls; those of spec 5.3, 5.4 and 8 exactly. */
export const AI_MSG = {
  /** Start of the 503 answer when no model is configured (the rest says how to configure it). */
  notConfigured: 'AI服务未配置',
  queryRequired: '请输入出题要求',
  queryTooLong: QUESTION_MSG.textTooLong,
  questionTypeRequired: '请选择题目类型',
  questionNumRange: `题目数量必须在${AL.minQuestionNum}到${AL.maxQuestionNum}之间`,
  /** Spec 5.3: programming and function questions: one per request. */
  codeQuestionNumOne: '编程题和函数题每次只能生成1道',
  languageRequired: QUESTION_MSG.languageRequired,
  questionLengthRange: `题目长度必须在1到${AL.questionLength}之间`,
  questionScoreRange: `分值必须是${AL.minQuestionScore}到${AL.maxQuestionScore}之间的整数`,
  historyInvalid: 'questionHistory必须是题目标题的JSON文本',
  generationFailed: QUESTION_MSG.generationFailed,
  appTypeInvalid: 'appType必须是generate-questions-sse',
  taskIdInvalid: '任务编号不正确',
  /** Spec 5.4. */
  judgeQuestionRequired: '请输入题目内容',
  judgeQuestionTooLong: '题目最大长度1000',
  realAnswerRequired: '请输入参考答案',
  realAnswerTooLong: '参考答案最大长度1000',
  studentAnswerRequired: '请输入学生答案',
  studentAnswerTooLong: '学生答案最大长度1000',
  scoreRequired: '请输入分值',
  judgeQuestionTypeRequired: '请选择题目类型',
  resultScoreRequired: '请输入得分',
  resultScoreRange: '得分必须在0到分值之间，最多保留一位小数',
  /** Spec 8. */
  judgeFailed: 'AI判题失败',
  /** A blank (whitespace-only) student answer: scored 0 without asking the model. */
  blankAnswerComment: '学生未作答，得0分。',
  blankAnswerBasis: '学生答案为空，未答到参考答案的任何要点。',
  /** Shown while judging (spec 2.2). */
  judging: 'AI智能判题中...',
} as const;

/** appType of the streamed draft task (spec 7). */
export const GENERATE_SSE_APP_TYPE = 'generate-questions-sse';

/** An empty value (absent, null or blank text) counts as missing, so `required` messages apply. */
const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;
const numeric = (v: unknown) => {
  const value = blankToUndefined(v);
  return typeof value === 'string' ? Number(value) : value;
};

/** An integer in a range, given as a number or a numeric string. */
const intIn = (min: number, max: number, message: string, required: string = message) =>
  z.preprocess(numeric, z.number({ error: required }).int(message).min(min, message).max(max, message));

/**
 * questionHistory: JSON text of earlier titles (strings, or objects with qsnName/titleText/title).
 * Read as the newest titles, at most `maxHistoryTitles`.
 */
export const parseQuestionHistory = (text: string | null | undefined): string[] | null => {
  if (!text?.trim()) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  const titles: string[] = [];
  for (const item of value) {
    const title =
      typeof item === 'string'
        ? item
        : item && typeof item === 'object'
          ? ['qsnName', 'titleText', 'title', 'name']
              .map((k) => (item as Record<string, unknown>)[k])
              .find((v): v is string => typeof v === 'string' && v.trim() !== '')
          : undefined;
    if (title?.trim()) titles.push(title.trim().slice(0, 200));
  }
  return titles.slice(-AL.maxHistoryTitles);
};

/** `POST /api/course/ai/generate_questions/sse` body (spec 7; rules of 5.3). */
export const generateDraftBody = z
  .object({
    query: z
      .string({ error: AI_MSG.queryRequired })
      .trim()
      .min(1, AI_MSG.queryRequired)
      .max(AL.maxTextLength, AI_MSG.queryTooLong)
      .describe("the teacher's requirements"),
    questionType: z
      .preprocess(
        numeric,
        z
          .number({ error: AI_MSG.questionTypeRequired })
          .refine((v) => (GENERATOR_QSN_TYPES as readonly number[]).includes(v), AI_MSG.questionTypeRequired),
      )
      .describe('qsnType code: 1 single, 2 multiple, 3 judgment, 7 short answer, 5 programming, 8 function'),
    questionNum: intIn(AL.minQuestionNum, AL.maxQuestionNum, AI_MSG.questionNumRange)
      .optional()
      .describe('1 to 5; exactly 1 for programming and function questions (default 1)'),
    language: z
      .preprocess(blankToUndefined, z.string().trim().max(32).optional())
      .describe('programming language for coding types'),
    source: z.enum(GENERATION_SOURCES).default('library').describe('where the generator was opened'),
    questionLength: intIn(1, AL.questionLength, AI_MSG.questionLengthRange)
      .optional()
      .describe('longest question text, in characters (the client sends 1000)'),
    questionScore: intIn(AL.minQuestionScore, AL.maxQuestionScore, AI_MSG.questionScoreRange)
      .optional()
      .describe('score of each question (default 10)'),
    questionHistory: z
      .preprocess(blankToUndefined, z.string().max(AL.maxHistoryTextLength, AI_MSG.historyInvalid).optional())
      .refine((v) => parseQuestionHistory(v) !== null, AI_MSG.historyInvalid)
      .describe('JSON text of the titles generated before (they are avoided)'),
  })
  .superRefine((body, ctx) => {
    if (!isCodeType(body.questionType)) return;
    if ((body.questionNum ?? 1) !== 1) {
      ctx.addIssue({ code: 'custom', path: ['questionNum'], message: AI_MSG.codeQuestionNumOne });
    }
    if (!body.language)
      ctx.addIssue({ code: 'custom', path: ['language'], message: AI_MSG.languageRequired });
  });
export type GenerateDraftBody = z.infer<typeof generateDraftBody>;
export type GenerateDraftInput = z.input<typeof generateDraftBody>;

/** One line of the draft stream: `data: {"event":"message","answer":"<delta>","taskId":"<id>"}`. */
export const aiStreamEvent = z.object({
  event: z.enum(['message', 'error']).describe('message: a piece of the draft; error: answer is the reason'),
  answer: z.string(),
  taskId: z.string(),
});
export type AiStreamEvent = z.infer<typeof aiStreamEvent>;

/** `POST /api/course/ai/tasks/{taskId}/stop` path. */
export const stopTaskParams = z.object({
  taskId: z
    .string()
    .regex(/^[0-9a-f-]{36}$/, AI_MSG.taskIdInvalid)
    .describe('taskId of the stream'),
});
/** appType, in the body or the query (spec 7: appType generate-questions-sse). */
export const stopTaskAppType = z.object({
  appType: z
    .literal(GENERATE_SSE_APP_TYPE, { error: AI_MSG.appTypeInvalid })
    .optional()
    .describe('generate-questions-sse'),
});

/** The judge's question types (spec 3.4). */
export const JUDGE_QUESTION_TYPES = ['ShortAnswer', 'Programming'] as const;
export type JudgeQuestionType = (typeof JUDGE_QUESTION_TYPES)[number];

/**
 * `POST /api/course/ai/judge_questions` body (spec 3.4, rules of 5.4). The student answer is required when
 * empty; a whitespace-only answer is accepted and scores 0 (a blank answer, spec: without the model).
 */
export const judgeBody = z.object({
  question: z
    .string({ error: AI_MSG.judgeQuestionRequired })
    .trim()
    .min(1, AI_MSG.judgeQuestionRequired)
    .max(AL.maxTextLength, AI_MSG.judgeQuestionTooLong),
  realAnswer: z
    .string({ error: AI_MSG.realAnswerRequired })
    .trim()
    .min(1, AI_MSG.realAnswerRequired)
    .max(AL.maxTextLength, AI_MSG.realAnswerTooLong),
  studentAnswer: z
    .string({ error: AI_MSG.studentAnswerRequired })
    .min(1, AI_MSG.studentAnswerRequired)
    .max(AL.maxTextLength, AI_MSG.studentAnswerTooLong),
  questionScore: intIn(
    AL.minQuestionScore,
    AL.maxQuestionScore,
    AI_MSG.questionScoreRange,
    AI_MSG.scoreRequired,
  ),
  questionType: z.enum(JUDGE_QUESTION_TYPES, { error: AI_MSG.judgeQuestionTypeRequired }),
});
export type JudgeBody = z.infer<typeof judgeBody>;
export type JudgeInput = z.input<typeof judgeBody>;

/** The judge's answer (spec 3.4): score 0..questionScore with one decimal. */
export const judgeResult = z.object({
  basis: z.string().describe('the reference points met and missed'),
  comment: z.string(),
  score: z.number().describe('0 to questionScore, one decimal'),
  questionScore: z.number().int(),
  needsReview: z
    .boolean()
    .optional()
    .describe('true when the model’s score was out of range or not a number: score was held, check it'),
  rawScore: z
    .string()
    .nullish()
    .describe('what the model gave as the score, when needsReview (at most 50 characters)'),
  reviewReason: z.string().nullish().describe('why the result needs review, as shown to the teacher'),
});
export type JudgeResult = z.infer<typeof judgeResult>;

/** Spec 5.4 "Result score": required, 0 up to the question score, at most one decimal. */
export const checkResultScore = (score: unknown, questionScore: number): string | null => {
  const value = numeric(score);
  if (value === undefined) return AI_MSG.resultScoreRequired;
  if (typeof value !== 'number' || !Number.isFinite(value)) return AI_MSG.resultScoreRange;
  if (value < 0 || value > questionScore) return AI_MSG.resultScoreRange;
  if (Math.abs(Math.round(value * 10) - value * 10) > 1e-9) return AI_MSG.resultScoreRange;
  return null;
};

/** What the model gave as the score, as shown to the teacher: at most this many characters. */
export const RAW_SCORE_SHOWN_LENGTH = 50;

/** A judge score the model gave, read: the score shown, and whether (and why) it needs the teacher's review. */
export type ModelScoreReading = {
  score: number;
  needsReview: boolean;
  rawScore: string | null;
  reviewReason: string | null;
  /** For the log: 'out_of_range', 'not_a_number' or null. */
  problem: 'out_of_range' | 'not_a_number' | null;
};

/**
 * Reads the model's score for a question of `questionScore` points (spec 5.4 and 9: 0 to the question score,
 * one decimal). A number (or numeric text) in range is rounded to one decimal. One out of range is held to
 * 0..questionScore and one that is not a number scores 0; both are marked for review with the value given.
 */
export const readModelScore = (raw: unknown, questionScore: number): ModelScoreReading => {
  const value =
    typeof raw === 'number'
      ? raw
      : typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw.trim()))
        ? Number(raw.trim())
        : Number.NaN;
  if (Number.isFinite(value)) {
    const score = clampScore(value, questionScore);
    if (value >= 0 && value <= questionScore)
      return { score, needsReview: false, rawScore: null, reviewReason: null, problem: null };
    const shown = String(raw).slice(0, RAW_SCORE_SHOWN_LENGTH);
    return {
      score,
      needsReview: true,
      rawScore: shown,
      reviewReason: `模型给出的得分${shown}超出了0到${questionScore}分的范围，已按${score}分显示，请人工复核`,
      problem: 'out_of_range',
    };
  }
  const text = typeof raw === 'string' ? raw : raw === undefined ? 'undefined' : JSON.stringify(raw);
  const shown = (text ?? String(raw)).slice(0, RAW_SCORE_SHOWN_LENGTH);
  return {
    score: 0,
    needsReview: true,
    rawScore: shown,
    reviewReason: `模型给出的得分“${shown}”不是数字，已按0分显示，请人工复核`,
    problem: 'not_a_number',
  };
};

/** Rounds to one decimal and holds the score to 0..questionScore (a non-number scores 0). */
export const clampScore = (score: number, questionScore: number) => {
  if (!Number.isFinite(score)) return 0;
  const rounded = Math.round(score * 10) / 10;
  return Math.min(questionScore, Math.max(0, rounded));
};
