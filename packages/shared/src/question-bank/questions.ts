import { z } from 'zod';
import {
  PROGRAM_EXECUTION_LIMITS,
  PROGRAM_EXECUTION_MSG,
  utf8Length,
} from '../program-execution/program-execution';
import { QSN_TYPE, type QsnType } from './qsn-types';
import {
  checkCaseWeights,
  evenCaseWeights,
  PROGRAM_SCORE_DEFAULTS,
  PROGRAM_SCORE_STRATEGIES,
  SCORING_MSG,
} from './scoring';

/*
 * Generated questions (spec 000 sections 3.3, 5.1, 5.5 and 9): the question shape the generator produces and
 * the editor and the import targets take, the editor's rules as one pure function (`validateQuestion`) used
 * by the browser and by the server on every import, and the conversion to the exercise-set shape.
 */

export { QSN_TYPE, QSN_TYPES, type QsnType } from './qsn-types';

/** Chinese names of the question types. */
export const QSN_TYPE_NAMES: Record<QsnType, string> = {
  1: '单选题',
  2: '多选题',
  3: '判断题',
  4: 'ACM编程题',
  5: '编程题',
  6: '填空题',
  7: '简答题',
  8: '函数题',
  9: '综合题',
  10: '计算题',
};

/** Types the generator offers, in the selector's order (spec 2.1). */
export const GENERATOR_QSN_TYPES = [1, 2, 3, 7, 5, 8] as const satisfies readonly QsnType[];
/** Types offered when the target is an exercise set: no short answer (spec 2.1). */
export const EXERCISE_SET_QSN_TYPES = [1, 2, 3, 5, 8] as const satisfies readonly QsnType[];
/** Choice types: their answer is option letters or true/false (spec 5.1: 请选择参考答案). */
export const CHOICE_QSN_TYPES = [1, 2, 3] as const satisfies readonly QsnType[];
/** Coding types: description, language, test cases and a run (spec 3.3). */
export const CODE_QSN_TYPES = [4, 5, 8] as const satisfies readonly QsnType[];

export const isChoiceType = (t: number) => (CHOICE_QSN_TYPES as readonly number[]).includes(t);
export const isCodeType = (t: number) => (CODE_QSN_TYPES as readonly number[]).includes(t);

/** purpose: where a question is used (spec 3.3). */
export const QUESTION_PURPOSES = ['HomeworkQuestion', 'ExaminationQuestion', 'InCommonUseQuestion'] as const;
export type QuestionPurpose = (typeof QUESTION_PURPOSES)[number];

/** Where the generator was opened (the `source` of the generate calls); it decides purpose and target. */
export const GENERATION_SOURCES = ['library', 'homework', 'exercises', 'examination', 'home'] as const;
export type GenerationSource = (typeof GENERATION_SOURCES)[number];

/** purpose from the source: homework -> HomeworkQuestion, examination -> ExaminationQuestion, else common. */
export const purposeOfSource = (source: GenerationSource): QuestionPurpose =>
  source === 'homework'
    ? 'HomeworkQuestion'
    : source === 'examination'
      ? 'ExaminationQuestion'
      : 'InCommonUseQuestion';

/** Limits of the editor (spec 5.1, 5.5 and 9). */
export const QUESTION_LIMITS = {
  /** Text boxes (title, options, answer text, analysis, description). */
  maxTextLength: 1000,
  maxKnowledges: 10,
  maxKnowledgeLength: 20,
  minDifficulty: 1,
  maxDifficulty: 5,
  defaultScore: 10,
  minTimeMs: 1,
  maxTimeMs: 10_000,
  minPerformanceShare: 1,
  maxPerformanceShare: 100,
  minOptions: 2,
  /** Options of a choice question (A to J). */
  maxOptions: 10,
  /** An option's id: a letter as the editor writes it; a few characters for older clients. */
  maxOptionIdLength: 8,
  /** Score of a question (spec 5.4 and 9: an integer from 1 to 9999, default 10). */
  minScore: 1,
  maxScore: 9999,
  /** Fill blanks: score per blank, 0 to the question's maximum. */
  maxItemScore: 9999,
  /** Fill blanks: answers (one per blank). */
  maxAnswerList: 50,
  /** Case weight in % (spec 5.5: integer 0 to 100). */
  minWeight: 0,
  maxWeight: 100,
  /** Test cases, code and case sizes: what one test run takes (the editor runs them). */
  maxTestcases: PROGRAM_EXECUTION_LIMITS.maxTestcases,
  maxCodeBytes: PROGRAM_EXECUTION_LIMITS.maxSourceBytes,
  maxCaseInputBytes: PROGRAM_EXECUTION_LIMITS.maxInputBytes,
  maxCaseOutputBytes: PROGRAM_EXECUTION_LIMITS.maxExpectedOutputBytes,
  /** Short names: the type name, language and version, ids. */
  maxTypeNameLength: 20,
  maxLanguageLength: 32,
  maxIdLength: 64,
} as const;

const QL = QUESTION_LIMITS;

/** Texts of the editor rules (spec 5.1 and 5.5; the first eleven are the spec's exactly). */
export const QUESTION_MSG = {
  titleRequired: '请输入题目',
  descriptionRequired: '请输入描述',
  optionsTooFew: '请至少填入两个选项',
  optionEmpty: '选项不能为空',
  choiceAnswerRequired: '请选择参考答案',
  answerRequired: '请输入参考答案',
  multipleAnswersTooFew: '多选题必须有两个或以上的答案',
  testcasesRequired: '测试用例不能为空，请尝试重新生成',
  testcaseOutputRequired: '测试用例的标准输出内容不能为空',
  weightsSum: SCORING_MSG.weightsSum,
  knowledgeTooLong: '输入的字符过长!',
  /** Import with an invalid question (spec 5.1). */
  importInvalid: '题目未填写完整，请检查题目并完善标红字段',
  singleAnswerOnly: '单选题只能有一个答案',
  answerNotAnOption: '参考答案必须是已有的选项',
  judgmentAnswer: '判断题的参考答案只能是正确或错误',
  textTooLong: `最多输入${QL.maxTextLength}个字符`,
  tooManyKnowledges: `知识点最多${QL.maxKnowledges}个`,
  difficultyRange: `难度必须是${QL.minDifficulty}到${QL.maxDifficulty}星`,
  weightRange: SCORING_MSG.weightRange,
  maxTimeRange: PROGRAM_EXECUTION_MSG.timeLimitRange,
  runtimeRange: `参考时间必须在${QL.minTimeMs}到${QL.maxTimeMs}毫秒之间!`,
  performanceShareRange: `性能分占比必须在${QL.minPerformanceShare}到${QL.maxPerformanceShare}之间!`,
  languageRequired: '请选择编程语言',
  /** Bounds of what a question may hold (spec 5.1, 5.5 and 9); imports beyond them answer 400. */
  scoreRange: `分值必须是${QL.minScore}到${QL.maxScore}之间的整数`,
  tooManyOptions: `选项最多${QL.maxOptions}个`,
  optionIdTooLong: `选项编号最多${QL.maxOptionIdLength}个字符`,
  typeNameTooLong: `题型名称最多${QL.maxTypeNameLength}个字符`,
  languageTooLong: `编程语言最多${QL.maxLanguageLength}个字符`,
  languageVersionTooLong: `语言版本最多${QL.maxLanguageLength}个字符`,
  idTooLong: `编号最多${QL.maxIdLength}个字符`,
  codeTooLong: PROGRAM_EXECUTION_MSG.sourceTooLong,
  tooManyTestcases: PROGRAM_EXECUTION_MSG.tooManyTestcases,
  caseInputTooLarge: PROGRAM_EXECUTION_MSG.inputTooLarge,
  caseOutputTooLarge: PROGRAM_EXECUTION_MSG.expectedOutputTooLarge,
  tooManyAnswers: `填空题的答案最多${QL.maxAnswerList}个`,
  itemScoreRange: `每空分值必须在0到${QL.maxItemScore}之间`,
  questionNumRange: '题目数量必须在1到5之间',
  /** Generation failures (spec 8). */
  generationFailed: 'AI出题失败',
  /** Partial and full import (spec 8). */
  importFailed: '导入失败',
  importFailedCheck: '导入失败，请检查题目！',
  importSucceeded: '导入成功！',
  homeworkIdRequired: '导入作业未指定homeworkId',
} as const;

/** Spec 8: 导入完成，{n}题成功导入，{m}题导入失败，请检查题目! */
export const importPartialMessage = (succeeded: number, failed: number) =>
  `导入完成，${succeeded}题成功导入，${failed}题导入失败，请检查题目!`;

/** Numbers may arrive as numeric strings (older clients send them so). */
const numberLike = <T extends z.ZodType>(inner: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v),
    inner,
  );

/** 0 or 1 flags; booleans are accepted. */
const flag = numberLike(
  z.preprocess((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v), z.union([z.literal(0), z.literal(1)])),
);

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');

/** One option of a choice question. */
export const questionOption = z.object({
  id: z.string().describe('option letter: A, B, C ...'),
  optionContent: text.describe('the option text (at most 1000 characters)'),
});
export type QuestionOption = z.infer<typeof questionOption>;

/** One test case of a coding question. */
export const questionTestcase = z.object({
  input: text.describe('stdin of the case; may be empty'),
  output: text.describe('expected stdout; must not be blank'),
  weight: numberLike(z.number()).describe('share of the score in % (integer 0 to 100; strategy Part)'),
  id: z.string().optional().describe('case id once stored'),
  tested: z.boolean().optional().describe('whether the case was run in the editor'),
  outputQualified: z.boolean().nullish().describe('result of the last run of this case'),
});
export type QuestionTestcase = z.infer<typeof questionTestcase>;

/**
 * A generated question (spec 3.3). Lenient in content, strict in shape: an incomplete question is a valid
 * value here (the editor holds it, an import answers it back with failureMsg); `validateQuestion` says what
 * is missing.
 */
export const generatedQuestion = z.object({
  qsnType: numberLike(z.number().int().min(1).max(10)).describe(
    'type code: 1 单选题, 2 多选题, 3 判断题, 4 ACM编程题, 5 编程题, 6 填空题, 7 简答题, 8 函数题, 9 综合题, 10 计算题',
  ) as unknown as z.ZodType<QsnType>,
  qsnName: text.describe('type name, e.g. 单选题'),
  titleText: text.describe('the question text'),
  options: z
    .array(questionOption)
    .nullish()
    .transform((v) => v ?? []),
  answer: text.describe(
    'letters joined (AC) for choices; "true"/"false" for judgment; text or code otherwise',
  ),
  difficulty: numberLike(z.number()).default(3).describe('1 to 5 stars'),
  knowledges: text.describe('knowledge tags, comma-separated, at most 10, each at most 20 characters'),
  tip: text.describe('analysis shown after answering'),
  everyScore: numberLike(z.number()).default(QL.defaultScore).describe('score of the question (10)'),
  purpose: z.enum(QUESTION_PURPOSES).default('InCommonUseQuestion'),
  aiExerId: z.string().nullish().describe('id given by the generator, kept through edits and imports'),
  failureMsg: z.string().nullish().describe('why the question was not imported or failed its check'),
  // Coding questions.
  description: text.optional().describe('input and output description of a coding question'),
  language: z.string().nullish().describe('programming language id, e.g. python3, c, cpp, java'),
  languageVerson: z.string().nullish().describe('language version (the field name is the original API’s)'),
  isAutojudge: flag.optional().describe('judged automatically: forced to 1 for coding questions'),
  codeModel: z.string().nullish().describe('function questions: the starter code given to the student'),
  programScoreStrategy: z.enum(PROGRAM_SCORE_STRATEGIES).optional(),
  isPerformance: flag.optional().describe('1: the performance score applies'),
  maxTime: numberLike(z.number()).optional().describe('max run time of one case, ms (1 to 10000)'),
  ratePerformance: numberLike(z.number()).optional().describe('performance share, % (1 to 100)'),
  runtime: numberLike(z.number()).optional().describe('reference run time, ms (1 to 10000)'),
  caseWeightAdjusted: z.boolean().optional().describe('weights edited by hand: no more even split'),
  testcases: z.array(questionTestcase).optional(),
  // Fill-blank questions.
  answerList: z.array(z.string()).optional().describe('fill blanks: one answer per blank'),
  itemscore: numberLike(z.number()).optional().describe('fill blanks: score per blank'),
  isOrder: flag.optional().describe('fill blanks: answers must be in order'),
  isCase: flag.optional().describe('fill blanks: case-sensitive'),
});
export type GeneratedQuestion = z.infer<typeof generatedQuestion>;

/** Flags in answers. */
const flagOut = z.union([z.literal(0), z.literal(1)]);

/**
 * The generated question as the server answers it (response schemas may not transform): the shape of
 * `GeneratedQuestion` with plain types. Clients parse answers with it.
 */
export const generatedQuestionView = z.object({
  qsnType: z.number().int().min(1).max(10) as unknown as z.ZodType<QsnType>,
  qsnName: z.string(),
  titleText: z.string(),
  options: z.array(z.object({ id: z.string(), optionContent: z.string() })),
  answer: z.string(),
  difficulty: z.number(),
  knowledges: z.string(),
  tip: z.string(),
  everyScore: z.number(),
  purpose: z.enum(QUESTION_PURPOSES),
  aiExerId: z.string().nullish(),
  failureMsg: z.string().nullish(),
  description: z.string().optional(),
  language: z.string().nullish(),
  languageVerson: z.string().nullish(),
  isAutojudge: flagOut.optional(),
  codeModel: z.string().nullish(),
  programScoreStrategy: z.enum(PROGRAM_SCORE_STRATEGIES).optional(),
  isPerformance: flagOut.optional(),
  maxTime: z.number().optional(),
  ratePerformance: z.number().optional(),
  runtime: z.number().optional(),
  caseWeightAdjusted: z.boolean().optional(),
  testcases: z
    .array(
      z.object({
        input: z.string(),
        output: z.string(),
        weight: z.number(),
        id: z.string().optional(),
        tested: z.boolean().optional(),
        outputQualified: z.boolean().nullish(),
      }),
    )
    .optional(),
  answerList: z.array(z.string()).optional(),
  itemscore: z.number().optional(),
  isOrder: flagOut.optional(),
  isCase: flagOut.optional(),
}) satisfies z.ZodType<GeneratedQuestion>;
export type GeneratedQuestionInput = z.input<typeof generatedQuestion>;

/** One broken rule: the field (a path such as `options.1.optionContent`) and the spec's message. */
export type QuestionIssue = { field: string; message: string };

/** Option letters: A, B, C ... */
export const optionLetter = (index: number) => String.fromCharCode(65 + index);

/** The knowledge tags of a comma-separated list (ASCII or full-width commas), trimmed, blanks dropped. */
export const parseKnowledges = (knowledges: string | null | undefined): string[] =>
  (knowledges ?? '')
    .split(/[,，、]/)
    .map((k) => k.trim())
    .filter((k) => k !== '');

/** The letters of a choice answer: "AC", "A,C" and "a c" all give ["A", "C"], in order, without repeats. */
export const answerLetters = (answer: string | null | undefined): string[] => {
  const letters = (answer ?? '').toUpperCase().match(/[A-Z]/g) ?? [];
  return [...new Set(letters)].sort();
};

const blank = (v: string | null | undefined) => (v ?? '').trim() === '';
const tooLong = (v: string | null | undefined) => (v ?? '').length > QL.maxTextLength;
const inRange = (v: number | undefined, low: number, high: number) =>
  v !== undefined && Number.isInteger(v) && v >= low && v <= high;

const longerThan = (v: string | null | undefined, max: number) => (v ?? '').length > max;
const bytesOver = (v: string | null | undefined, max: number) =>
  // Cheap first: UTF-8 takes at most 3 bytes per UTF-16 unit, at least 1.
  (v ?? '').length > max || ((v ?? '').length * 3 > max && utf8Length(v ?? '') > max);
/** An optional number: absent is fine, present it must be an integer in the range. */
const optionalIn = (v: number | undefined, low: number, high: number) =>
  v === undefined || inRange(v, low, high);

/**
 * The bounds of what a question may hold (spec 5.1 text boxes, 5.5 numbers, 9 limits, and the test-run
 * limits for code and cases): lengths, counts and numeric ranges, whatever the type. A question beyond one
 * of them is not one an editor can produce, so an import answers 400 with the message (the import schemas
 * run this); the editor shows the same messages through `validateQuestion`.
 */
export const questionBoundIssues = (q: GeneratedQuestion): QuestionIssue[] => {
  const issues: QuestionIssue[] = [];
  const add = (field: string, message: string) => issues.push({ field, message });
  const code = isCodeType(q.qsnType as number);
  const text = (field: string, v: string | null | undefined) => {
    if (tooLong(v)) add(field, QUESTION_MSG.textTooLong);
  };

  if (longerThan(q.qsnName, QL.maxTypeNameLength)) add('qsnName', QUESTION_MSG.typeNameTooLong);
  text('titleText', q.titleText);
  if (q.options.length > QL.maxOptions) add('options', QUESTION_MSG.tooManyOptions);
  else
    q.options.forEach((o, i) => {
      if (longerThan(o.id, QL.maxOptionIdLength)) add(`options.${i}.id`, QUESTION_MSG.optionIdTooLong);
      text(`options.${i}.optionContent`, o.optionContent);
    });
  if (code ? bytesOver(q.answer, QL.maxCodeBytes) : tooLong(q.answer))
    add('answer', code ? QUESTION_MSG.codeTooLong : QUESTION_MSG.textTooLong);
  if (!inRange(q.difficulty, QL.minDifficulty, QL.maxDifficulty))
    add('difficulty', QUESTION_MSG.difficultyRange);
  // The raw list too: 10 tags of 20 characters and their commas fit in 1000.
  const tags = parseKnowledges(q.knowledges);
  if (tooLong(q.knowledges) || tags.some((k) => k.length > QL.maxKnowledgeLength))
    add('knowledges', QUESTION_MSG.knowledgeTooLong);
  else if (tags.length > QL.maxKnowledges) add('knowledges', QUESTION_MSG.tooManyKnowledges);
  text('tip', q.tip);
  if (!inRange(q.everyScore, QL.minScore, QL.maxScore)) add('everyScore', QUESTION_MSG.scoreRange);
  if (longerThan(q.aiExerId, QL.maxIdLength)) add('aiExerId', QUESTION_MSG.idTooLong);
  text('failureMsg', q.failureMsg);
  text('description', q.description);
  if (longerThan(q.language, QL.maxLanguageLength)) add('language', QUESTION_MSG.languageTooLong);
  if (longerThan(q.languageVerson, QL.maxLanguageLength))
    add('languageVerson', QUESTION_MSG.languageVersionTooLong);
  if (bytesOver(q.codeModel, QL.maxCodeBytes)) add('codeModel', QUESTION_MSG.codeTooLong);
  if (!optionalIn(q.maxTime, QL.minTimeMs, QL.maxTimeMs)) add('maxTime', QUESTION_MSG.maxTimeRange);
  if (!optionalIn(q.runtime, QL.minTimeMs, QL.maxTimeMs)) add('runtime', QUESTION_MSG.runtimeRange);
  if (!optionalIn(q.ratePerformance, QL.minPerformanceShare, QL.maxPerformanceShare))
    add('ratePerformance', QUESTION_MSG.performanceShareRange);
  const cases = q.testcases ?? [];
  if (cases.length > QL.maxTestcases) add('testcases', QUESTION_MSG.tooManyTestcases);
  else
    cases.forEach((c, i) => {
      if (bytesOver(c.input, QL.maxCaseInputBytes))
        add(`testcases.${i}.input`, QUESTION_MSG.caseInputTooLarge);
      if (bytesOver(c.output, QL.maxCaseOutputBytes))
        add(`testcases.${i}.output`, QUESTION_MSG.caseOutputTooLarge);
      if (!inRange(c.weight, QL.minWeight, QL.maxWeight))
        add(`testcases.${i}.weight`, QUESTION_MSG.weightRange);
      if (longerThan(c.id, QL.maxIdLength)) add(`testcases.${i}.id`, QUESTION_MSG.idTooLong);
    });
  const list = q.answerList ?? [];
  if (list.length > QL.maxAnswerList) add('answerList', QUESTION_MSG.tooManyAnswers);
  else
    list.forEach((a, i) => {
      text(`answerList.${i}`, a);
    });
  if (q.itemscore !== undefined && !(q.itemscore >= 0 && q.itemscore <= QL.maxItemScore))
    add('itemscore', QUESTION_MSG.itemScoreRange);
  return issues;
};

/**
 * The editor's rules (spec 5.1 and 5.5) for one question; an empty list means the question may be imported.
 * Order: title, description, options, answer, test cases, numbers, knowledges, then the other bounds of
 * `questionBoundIssues`.
 */
export const validateQuestion = (q: GeneratedQuestion): QuestionIssue[] => {
  const issues: QuestionIssue[] = [];
  const add = (field: string, message: string) => issues.push({ field, message });
  const type = q.qsnType as number;
  const code = isCodeType(type);

  if (blank(q.titleText)) add('titleText', QUESTION_MSG.titleRequired);
  else if (tooLong(q.titleText)) add('titleText', QUESTION_MSG.textTooLong);

  if (code) {
    if (blank(q.description)) add('description', QUESTION_MSG.descriptionRequired);
    else if (tooLong(q.description)) add('description', QUESTION_MSG.textTooLong);
    if (blank(q.language)) add('language', QUESTION_MSG.languageRequired);
  }

  if (type === QSN_TYPE.singleChoice || type === QSN_TYPE.multipleChoice) {
    if (q.options.length < QL.minOptions) add('options', QUESTION_MSG.optionsTooFew);
    q.options.forEach((o, i) => {
      if (blank(o.optionContent)) add(`options.${i}.optionContent`, QUESTION_MSG.optionEmpty);
      else if (tooLong(o.optionContent)) add(`options.${i}.optionContent`, QUESTION_MSG.textTooLong);
    });
  }

  if (isChoiceType(type)) {
    if (blank(q.answer)) add('answer', QUESTION_MSG.choiceAnswerRequired);
    else if (type === QSN_TYPE.judgment) {
      if (q.answer !== 'true' && q.answer !== 'false') add('answer', QUESTION_MSG.judgmentAnswer);
    } else {
      const letters = answerLetters(q.answer);
      const ids = new Set(q.options.map((o) => o.id.toUpperCase()));
      if (letters.length === 0) add('answer', QUESTION_MSG.choiceAnswerRequired);
      else if (letters.some((l) => !ids.has(l))) add('answer', QUESTION_MSG.answerNotAnOption);
      else if (type === QSN_TYPE.singleChoice && letters.length !== 1)
        add('answer', QUESTION_MSG.singleAnswerOnly);
      else if (type === QSN_TYPE.multipleChoice && letters.length < 2)
        add('answer', QUESTION_MSG.multipleAnswersTooFew);
    }
  } else if (type === QSN_TYPE.fillBlank) {
    const list = q.answerList ?? [];
    if (blank(q.answer) && (list.length === 0 || list.some((a) => blank(a))))
      add('answer', QUESTION_MSG.answerRequired);
  } else if (blank(q.answer)) add('answer', QUESTION_MSG.answerRequired);
  else if (!code && tooLong(q.answer)) add('answer', QUESTION_MSG.textTooLong);

  if (tooLong(q.tip)) add('tip', QUESTION_MSG.textTooLong);

  if (code) {
    const cases = q.testcases ?? [];
    if (cases.length === 0) add('testcases', QUESTION_MSG.testcasesRequired);
    cases.forEach((c, i) => {
      if (blank(c.output)) add(`testcases.${i}.output`, QUESTION_MSG.testcaseOutputRequired);
    });
    if (cases.length > 0 && (q.programScoreStrategy ?? PROGRAM_SCORE_DEFAULTS.strategy) === 'Part') {
      const broken = checkCaseWeights(cases.map((c) => c.weight));
      if (broken) add('testcases', broken);
    }
    if (!inRange(q.maxTime ?? PROGRAM_SCORE_DEFAULTS.maxTimeMs, QL.minTimeMs, QL.maxTimeMs))
      add('maxTime', QUESTION_MSG.maxTimeRange);
    if (q.isPerformance === 1) {
      if (!inRange(q.runtime ?? PROGRAM_SCORE_DEFAULTS.referenceTimeMs, QL.minTimeMs, QL.maxTimeMs))
        add('runtime', QUESTION_MSG.runtimeRange);
      const share = q.ratePerformance ?? PROGRAM_SCORE_DEFAULTS.performanceSharePercent;
      if (!inRange(share, QL.minPerformanceShare, QL.maxPerformanceShare))
        add('ratePerformance', QUESTION_MSG.performanceShareRange);
    }
  }

  if (!inRange(q.difficulty, QL.minDifficulty, QL.maxDifficulty))
    add('difficulty', QUESTION_MSG.difficultyRange);

  const tags = parseKnowledges(q.knowledges);
  if (tags.some((k) => k.length > QL.maxKnowledgeLength)) add('knowledges', QUESTION_MSG.knowledgeTooLong);
  else if (tags.length > QL.maxKnowledges) add('knowledges', QUESTION_MSG.tooManyKnowledges);

  // The bounds not checked above (each field and each message once: the first stays).
  const seen = new Set(issues.flatMap((i) => [i.field, i.message]));
  for (const issue of questionBoundIssues(q)) {
    if (seen.has(issue.field) || seen.has(issue.message)) continue;
    seen.add(issue.field).add(issue.message);
    issues.push(issue);
  }
  return issues;
};

/** The first broken rule's message, or null: what an import answers as failureMsg. */
export const questionFailure = (q: GeneratedQuestion): string | null =>
  validateQuestion(q)[0]?.message ?? null;

/**
 * Normalises a question as the generator hands it over (spec 3.3): type name, option ids A, B, C ...,
 * answers as joined letters or "true"/"false", score 10, purpose, and for coding questions isAutojudge 1,
 * maxTime 2000, ratePerformance 20, runtime 200, strategy Part and even weights (remainder on the last)
 * unless the weights were adjusted by hand.
 */
export const normalizeQuestion = (
  q: GeneratedQuestion,
  opts: { purpose?: QuestionPurpose } = {},
): GeneratedQuestion => {
  const type = q.qsnType as number;
  const out: GeneratedQuestion = {
    ...q,
    qsnName: QSN_TYPE_NAMES[q.qsnType] ?? q.qsnName,
    everyScore: QL.defaultScore,
    purpose: opts.purpose ?? q.purpose,
    difficulty: Math.min(QL.maxDifficulty, Math.max(QL.minDifficulty, Math.round(q.difficulty || 3))),
    knowledges: parseKnowledges(q.knowledges).join(','),
  };
  if (type === QSN_TYPE.singleChoice || type === QSN_TYPE.multipleChoice) {
    // Map the model's ids (which may be "a", "1", "选项A") to letters by position, answer included.
    const byOldId = new Map<string, string>();
    out.options = q.options.map((o, i) => {
      byOldId.set(o.id.trim().toUpperCase(), optionLetter(i));
      return { id: optionLetter(i), optionContent: o.optionContent.trim() };
    });
    const tokens = q.answer
      .toUpperCase()
      .split(/[\s,，、;；]+/)
      .filter((t) => t !== '');
    const letters =
      tokens.length > 1 || byOldId.has(tokens[0] ?? '')
        ? tokens.map((t) => byOldId.get(t) ?? t)
        : answerLetters(q.answer);
    out.answer = [...new Set(letters)]
      .filter((l) => /^[A-Z]$/.test(l))
      .sort()
      .join('');
  } else if (type === QSN_TYPE.judgment) {
    out.options = [];
    const a = q.answer.trim().toLowerCase();
    out.answer = ['true', '正确', '对', '√', 't', 'yes', '是'].includes(a)
      ? 'true'
      : ['false', '错误', '错', '×', 'f', 'no', '否'].includes(a)
        ? 'false'
        : q.answer.trim();
  } else if (!isCodeType(type)) out.options = [];
  if (isCodeType(type)) {
    const cases = q.testcases ?? [];
    const weights = evenCaseWeights(cases.length);
    out.isAutojudge = 1;
    out.programScoreStrategy = q.programScoreStrategy ?? PROGRAM_SCORE_DEFAULTS.strategy;
    out.isPerformance = q.isPerformance ?? 0;
    out.maxTime = q.maxTime ?? PROGRAM_SCORE_DEFAULTS.maxTimeMs;
    out.ratePerformance = q.ratePerformance ?? PROGRAM_SCORE_DEFAULTS.performanceSharePercent;
    out.runtime = q.runtime ?? PROGRAM_SCORE_DEFAULTS.referenceTimeMs;
    out.caseWeightAdjusted = q.caseWeightAdjusted ?? false;
    out.testcases = cases.map((c, i) => ({
      ...c,
      weight: out.caseWeightAdjusted ? c.weight : (weights[i] ?? 0),
    }));
    out.options = [];
  }
  return out;
};

/** An option in the exercise-set shape. */
export const exerciseOption = z.object({ id: z.string(), content: text });

/** A question in the exercise-set shape (spec 3.3 "For exercise-set import"). */
export const exerciseQuestion = z.object({
  title: text.describe('the question text'),
  type: z.string().describe('type name, e.g. 单选题 (short answer is not offered for exercise sets)'),
  difficulty: numberLike(z.number()).describe('1 to 5 stars'),
  knowledges: z.array(z.string()).describe('knowledge tags'),
  analysis: text.describe('analysis (tip)'),
  score: numberLike(z.number()).describe('score of the question'),
  options: z.array(exerciseOption).describe('choice options'),
  answers: z.array(z.string()).describe('answer values: option letters, "true"/"false", or the text/code'),
  description: z.string().optional(),
  language: z.string().nullish(),
  codeModel: z.string().nullish(),
  cases: z
    .array(z.object({ input: text, output: text, weight: numberLike(z.number()) }))
    .optional()
    .describe('test cases of a coding question'),
  programScoreStrategy: z.enum(PROGRAM_SCORE_STRATEGIES).optional(),
  isPerformance: flag.optional(),
  maxTime: numberLike(z.number()).optional(),
  ratePerformance: numberLike(z.number()).optional(),
  runtime: numberLike(z.number()).optional(),
  aiExerId: z.string().nullish(),
  failureMsg: z.string().nullish(),
});
export type ExerciseQuestion = z.infer<typeof exerciseQuestion>;

/** The exercise-set question as the server answers it (plain types, no transforms). */
export const exerciseQuestionView = z.object({
  title: z.string(),
  type: z.string(),
  difficulty: z.number(),
  knowledges: z.array(z.string()),
  analysis: z.string(),
  score: z.number(),
  options: z.array(z.object({ id: z.string(), content: z.string() })),
  answers: z.array(z.string()),
  description: z.string().optional(),
  language: z.string().nullish(),
  codeModel: z.string().nullish(),
  cases: z.array(z.object({ input: z.string(), output: z.string(), weight: z.number() })).optional(),
  programScoreStrategy: z.enum(PROGRAM_SCORE_STRATEGIES).optional(),
  isPerformance: flagOut.optional(),
  maxTime: z.number().optional(),
  ratePerformance: z.number().optional(),
  runtime: z.number().optional(),
  aiExerId: z.string().nullish(),
  failureMsg: z.string().nullish(),
}) satisfies z.ZodType<ExerciseQuestion>;

const typeByName = new Map(
  Object.entries(QSN_TYPE_NAMES).map(([code, name]) => [name, Number(code) as QsnType]),
);

/** The type code of an exercise-set type name, or null when unknown. */
export const qsnTypeOfName = (name: string): QsnType | null => typeByName.get(name.trim()) ?? null;

/** Converts a generated question to the exercise-set shape (spec 3.3). */
export const toExerciseQuestion = (q: GeneratedQuestion): ExerciseQuestion => {
  const type = q.qsnType as number;
  const code = isCodeType(type);
  const answers =
    type === QSN_TYPE.singleChoice || type === QSN_TYPE.multipleChoice
      ? answerLetters(q.answer)
      : type === QSN_TYPE.fillBlank && q.answerList?.length
        ? [...q.answerList]
        : blank(q.answer)
          ? []
          : [q.answer];
  const out: ExerciseQuestion = {
    title: q.titleText,
    type: QSN_TYPE_NAMES[q.qsnType] ?? q.qsnName,
    difficulty: q.difficulty,
    knowledges: parseKnowledges(q.knowledges),
    analysis: q.tip,
    score: q.everyScore,
    options: q.options.map((o) => ({ id: o.id, content: o.optionContent })),
    answers,
    aiExerId: q.aiExerId ?? null,
  };
  if (code) {
    out.description = q.description ?? '';
    out.language = q.language ?? null;
    out.codeModel = q.codeModel ?? null;
    out.cases = (q.testcases ?? []).map((c) => ({ input: c.input, output: c.output, weight: c.weight }));
    out.programScoreStrategy = q.programScoreStrategy ?? PROGRAM_SCORE_DEFAULTS.strategy;
    out.isPerformance = q.isPerformance ?? 0;
    out.maxTime = q.maxTime ?? PROGRAM_SCORE_DEFAULTS.maxTimeMs;
    out.ratePerformance = q.ratePerformance ?? PROGRAM_SCORE_DEFAULTS.performanceSharePercent;
    out.runtime = q.runtime ?? PROGRAM_SCORE_DEFAULTS.referenceTimeMs;
  }
  return out;
};

/**
 * The generated-question view of an exercise-set question (the inverse of `toExerciseQuestion`), so the
 * same rules (`validateQuestion`) hold for every import target. Null when the type name is unknown.
 */
export const fromExerciseQuestion = (e: ExerciseQuestion): GeneratedQuestion | null => {
  const qsnType = qsnTypeOfName(e.type);
  if (qsnType === null) return null;
  const choice = qsnType === QSN_TYPE.singleChoice || qsnType === QSN_TYPE.multipleChoice;
  const q: GeneratedQuestion = {
    qsnType,
    qsnName: QSN_TYPE_NAMES[qsnType],
    titleText: e.title,
    options: e.options.map((o) => ({ id: o.id, optionContent: o.content })),
    answer: choice ? e.answers.join('') : (e.answers[0] ?? ''),
    difficulty: e.difficulty,
    knowledges: e.knowledges.join(','),
    tip: e.analysis,
    everyScore: e.score,
    purpose: 'InCommonUseQuestion',
    aiExerId: e.aiExerId ?? null,
  };
  if (qsnType === QSN_TYPE.fillBlank) q.answerList = [...e.answers];
  if (isCodeType(qsnType)) {
    Object.assign(q, {
      description: e.description ?? '',
      language: e.language ?? null,
      codeModel: e.codeModel ?? null,
      isAutojudge: 1,
      programScoreStrategy: e.programScoreStrategy ?? PROGRAM_SCORE_DEFAULTS.strategy,
      isPerformance: e.isPerformance ?? 0,
      maxTime: e.maxTime ?? PROGRAM_SCORE_DEFAULTS.maxTimeMs,
      ratePerformance: e.ratePerformance ?? PROGRAM_SCORE_DEFAULTS.performanceSharePercent,
      runtime: e.runtime ?? PROGRAM_SCORE_DEFAULTS.referenceTimeMs,
      testcases: (e.cases ?? []).map((c) => ({ input: c.input, output: c.output, weight: c.weight })),
    });
  }
  return q;
};
