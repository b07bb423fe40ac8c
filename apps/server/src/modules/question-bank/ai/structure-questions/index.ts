import { randomUUID } from 'node:crypto';
import { findLanguageDefinition } from '@uplus/sandbox';
import {
  type GeneratedQuestion,
  type GenerateQuestionsBody,
  generatedQuestion,
  isCodeType,
  MSG,
  normalizeQuestion,
  PROGRAM_EXECUTION_MSG,
  purposeOfSource,
  QSN_TYPE,
  type QsnType,
  QUESTION_LIMITS,
  QUESTION_MSG,
  validateQuestion,
} from '@uplus/shared';
import { AppError } from '../../../../core/errors';
import { storable } from '../../../../db/storable-text';
import {
  type ChatMessage,
  LlmAbortedError,
  type LlmClient,
  LlmOutputError,
  LlmUpstreamError,
} from '../../../../llm/client';
import { repairMessage, structureMessages, topUpMessages } from './prompt';
import { checkReference, type ReferenceRun, sandboxReferenceRun } from './reference';
import { type ModelQuestion, type StructuredQuestions, structuredQuestions } from './schema';

/** Test cases kept per question (the model may write more). */
const MAX_TESTCASES = 10;

/** Re-asks after an answer whose JSON is broken (inside the client) and after one whose meaning is wrong. */
export const STRUCTURE_REPAIRS = { json: 2, meaning: 1 } as const;

/**
 * Rounds that ask for the questions still missing when the draft yielded fewer valid ones than asked for
 * (issue 10 part 7). What is still missing after them is missing: the client says so.
 */
export const STRUCTURE_TOP_UPS = 2;

export type StructureOptions = {
  llm: LlmClient;
  body: GenerateQuestionsBody;
  /** Runs reference solutions (the sandbox of this process by default). */
  runReference?: ReferenceRun;
  signal?: AbortSignal;
  /** Called once the request is known to be good, before the first model request (the per-user limits). */
  admit?: () => Promise<unknown>;
};

/** A failed structuring: 502 AI出题失败 with the reason (spec 8), never the broken output. */
const generationFailed = (reason: string) => new AppError(502, `${QUESTION_MSG.generationFailed}：${reason}`);

/**
 * The model's question in the generated-question shape, normalised (spec 3.3). Characters PostgreSQL
 * cannot store (NUL, lone surrogates) are removed first: the rules then see the text that would be saved,
 * and an import cannot fail on them.
 */
const toQuestion = (
  answered: ModelQuestion,
  ctx: { type: QsnType; language: string | null; body: GenerateQuestionsBody },
): GeneratedQuestion => {
  const m = storable(answered);
  const code = isCodeType(ctx.type);
  const parsed = generatedQuestion.parse({
    qsnType: ctx.type,
    titleText: m.titleText.trim(),
    options:
      ctx.type === QSN_TYPE.singleChoice || ctx.type === QSN_TYPE.multipleChoice
        ? m.options.map((o) => ({ id: o.id, optionContent: o.optionContent }))
        : [],
    answer: code ? m.referenceSolution : m.answer.trim(),
    difficulty: m.difficulty,
    knowledges: m.knowledges.slice(0, QUESTION_LIMITS.maxKnowledges).join(','),
    tip: m.tip.trim(),
    ...(code
      ? {
          description: m.description.trim(),
          language: ctx.language,
          codeModel: ctx.type === QSN_TYPE.function ? m.codeModel : null,
          testcases: m.testcases
            .slice(0, MAX_TESTCASES)
            .map((c) => ({ input: c.input, output: c.output, weight: 0 })),
        }
      : {}),
  });
  return normalizeQuestion(parsed, { purpose: purposeOfSource(ctx.body.source) });
};

type Checked = { question: GeneratedQuestion; failure: string | null; feedback: string | null };

/**
 * Checks meaning, not only shape: the editor's rules (single choice exactly one answer, multiple choice two
 * or more, judgment true/false, ...), and for coding questions a run of the reference solution against the
 * question's own test cases in the sandbox.
 */
const checkQuestion = async (q: GeneratedQuestion, run: ReferenceRun): Promise<Checked> => {
  const issues = validateQuestion(q);
  if (issues.length > 0) {
    return {
      question: q,
      failure: issues[0]!.message,
      feedback: issues.map((i) => `${i.field}：${i.message}`).join('；'),
    };
  }
  if (!isCodeType(q.qsnType)) return { question: q, failure: null, feedback: null };
  const verdict = await checkReference(q, run);
  if (verdict.ok) return { question: { ...q, testcases: verdict.testcases }, failure: null, feedback: null };
  return { question: q, failure: verdict.failure, feedback: verdict.retry ? verdict.feedback : null };
};

const ask = async (llm: LlmClient, messages: ChatMessage[], signal?: AbortSignal) => {
  try {
    return await llm.completeJson<StructuredQuestions>({
      task: 'structure',
      messages,
      schema: structuredQuestions,
      schemaName: 'structured_questions',
      repairs: STRUCTURE_REPAIRS.json,
      temperature: 0.2,
      signal,
    });
  } catch (error) {
    if (error instanceof LlmOutputError || error instanceof LlmUpstreamError)
      throw generationFailed(error.reason);
    // The client went away: nobody reads the answer (not a server error).
    if (error instanceof LlmAbortedError) throw AppError.badRequest(MSG.requestCancelled);
    throw error;
  }
};

/** Asks for the questions still missing, at most `STRUCTURE_TOP_UPS` rounds; adds what comes to `valid`/`invalid`. */
const topUp = async (opts: {
  llm: LlmClient;
  body: GenerateQuestionsBody;
  type: QsnType;
  language: string | null;
  wanted: number;
  valid: Checked[];
  invalid: Checked[];
  run: ReferenceRun;
  signal?: AbortSignal;
}) => {
  const { valid, invalid, wanted } = opts;
  for (let round = 0; round < STRUCTURE_TOP_UPS && valid.length < wanted; round++) {
    const missing = wanted - valid.length;
    const messages = topUpMessages({
      questionType: opts.type,
      language: opts.language,
      missing,
      query: opts.body.query,
      draft: opts.body.question,
      titles: valid.map((c) => c.question.titleText),
      problems: invalid.map((c) => c.failure ?? '').filter(Boolean),
    });
    let answer: StructuredQuestions;
    try {
      answer = await ask(opts.llm, messages, opts.signal);
    } catch (error) {
      // A top-up that breaks leaves what there is; the shortfall is then shown, not turned into a failure.
      if (error instanceof AppError && error.code === 502) break;
      throw error;
    }
    for (const m of answer.questions.slice(0, missing)) {
      const checked = await checkQuestion(
        toQuestion(m, { type: opts.type, language: opts.language, body: opts.body }),
        opts.run,
      );
      (checked.failure ? invalid : valid).push(checked);
    }
  }
};

/**
 * `POST /api/course/ai/generate_questions`: turns the streamed draft into questions of spec 3.3. The answer
 * is asked for as JSON under a schema and validated (broken JSON is re-asked inside the client); the
 * questions are normalised and checked; questions that fail a check are re-asked once with what is wrong,
 * and whatever still fails comes back flagged with failureMsg. With `questionNum`, fewer valid questions
 * than asked for are topped up (the model writes the missing ones, at most `STRUCTURE_TOP_UPS` rounds);
 * the answer then holds the valid ones (at most questionNum) and, in the places still short, flagged ones.
 * No usable answer at all: 502 AI出题失败.
 */
export const structureQuestions = async (opts: StructureOptions): Promise<GeneratedQuestion[]> => {
  const { body, llm } = opts;
  const type = body.questionType as QsnType;
  const code = isCodeType(type);
  let language: string | null = null;
  if (code) {
    if (!body.language) throw AppError.badRequest(QUESTION_MSG.languageRequired);
    const definition = findLanguageDefinition(body.language);
    if (!definition) throw AppError.badRequest(PROGRAM_EXECUTION_MSG.languageUnsupported);
    language = definition.id;
  }
  await opts.admit?.();
  const run = opts.runReference ?? sandboxReferenceRun;
  // Coding questions are one per request (spec 5.3).
  const max = code ? 1 : 5;
  const messages = structureMessages({ draft: body.question, questionType: type, language });

  let checked: Checked[] | null = null;
  for (let round = 0; round <= STRUCTURE_REPAIRS.meaning; round++) {
    let answer: StructuredQuestions;
    try {
      answer = await ask(llm, messages, opts.signal);
    } catch (error) {
      // A re-ask that breaks keeps the first answer (flagged); a first answer that breaks is a failure.
      if (checked && error instanceof AppError && error.code === 502) break;
      throw error;
    }
    const questions = answer.questions.slice(0, max).map((m) => toQuestion(m, { type, language, body }));
    checked = [];
    for (const q of questions) checked.push(await checkQuestion(q, run));
    const problems = checked
      .map((c, index) => ({ index, text: c.feedback }))
      .filter((p): p is { index: number; text: string } => p.text !== null);
    if (problems.length === 0) break;
    messages.push(
      { role: 'assistant', content: JSON.stringify(answer) },
      { role: 'user', content: repairMessage(problems) },
    );
  }
  if (!checked || checked.length === 0) throw generationFailed('没有整理出题目');
  let result = checked;
  if (body.questionNum !== undefined) {
    const wanted = Math.min(body.questionNum, max);
    const valid = checked.filter((c) => c.failure === null);
    const invalid = checked.filter((c) => c.failure !== null);
    await topUp({ llm, body, type, language, wanted, valid, invalid, run, signal: opts.signal });
    const kept = valid.slice(0, wanted);
    result = [...kept, ...invalid.slice(0, wanted - kept.length)];
  }
  return result.map((c) => ({ ...c.question, aiExerId: randomUUID(), failureMsg: c.failure }));
};
