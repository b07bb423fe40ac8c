import { useQuery } from '@tanstack/react-query';
import {
  AI_TIMEOUT_MS,
  exercisesBatchResult,
  type GeneratedQuestion,
  type GenerationSource,
  generateQuestionsResult,
  programLanguage,
  programStageResult,
  QUESTION_MSG,
  qsnTypeOfName,
  questionBatchResult,
  type SubmitProgramBody,
  submitProgramResult,
  toExerciseQuestion,
} from '@uplus/shared';
import { z } from 'zod';
import { HttpError, http, serviceUrl } from '../../../api/http';
import { getToken } from '../../../lib/storage';
import { type EditableQuestion, toPayload } from './question-model';
import { createSseParser } from './sse';

/** Generation failure text (spec 8). */
export const GENERATE_FAILED = QUESTION_MSG.generationFailed;

/** Where generated questions go; null: the home-page variant (preview only). */
export type ImportTarget =
  | { kind: 'library' }
  | { kind: 'homework'; homeworkId?: string | null }
  | { kind: 'exerciseSet'; courseId: string; setId: string };

/** The `source` of the generate calls by target (decides the questions' purpose). */
export const sourceOf = (target: ImportTarget | null): GenerationSource =>
  !target ? 'home' : target.kind === 'exerciseSet' ? 'exercises' : target.kind;

export type DraftRequest = {
  query: string;
  questionType: number;
  questionNum: number;
  language: string;
  source: GenerationSource;
  /** JSON text of the titles already generated (regenerating one question) */
  questionHistory?: string;
};

/** Thrown for an error event or a refused stream; `message` is what the panel shows. */
export class GenerateError extends Error {}

/**
 * `POST /api/course/ai/generate_questions/sse`, read with fetch + ReadableStream. Calls `onTask` with the
 * task id as soon as one arrives (so cancel can stop it) and `onText` with every delta. Resolves with the
 * whole draft; rejects with GenerateError (error event or refused call) or the fetch's AbortError.
 */
export const streamDraft = async (
  body: DraftRequest,
  opts: { signal: AbortSignal; onTask: (taskId: string) => void; onText: (delta: string) => void },
): Promise<string> => {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/event-stream' };
  const token = getToken();
  if (token) headers['X-Access-Token'] = token;
  const response = await fetch(serviceUrl('course', '/ai/generate_questions/sse'), {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...body, questionLength: 1000, questionScore: 10 }),
    signal: opts.signal,
    credentials: 'same-origin',
  });
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || !response.body || !type.includes('text/event-stream')) {
    let message = '';
    try {
      const answer = (await response.json()) as { message?: unknown; success?: unknown };
      if (typeof answer.message === 'string' && answer.success !== true) message = answer.message;
    } catch {
      // not JSON: the generic failure text
    }
    throw new GenerateError(message || GENERATE_FAILED);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser();
  let text = '';
  let taskSeen = false;
  const apply = (events: ReturnType<typeof parser.push>) => {
    for (const event of events) {
      if (event.taskId && !taskSeen) {
        taskSeen = true;
        opts.onTask(event.taskId);
      }
      if (event.event === 'error') throw new GenerateError(event.answer || GENERATE_FAILED);
      if (event.event === 'message' && event.answer) {
        text += event.answer;
        opts.onText(event.answer);
      }
    }
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      apply(parser.push(decoder.decode(value, { stream: true })));
    }
    apply(parser.push(decoder.decode()));
    apply(parser.end());
  } finally {
    reader.releaseLock();
  }
  if (!text.trim()) throw new GenerateError(GENERATE_FAILED);
  return text;
};

/** `POST /api/course/ai/tasks/{taskId}/stop`: stops the remote generation (silent: best effort). */
export const stopTask = (taskId: string) =>
  http.post(
    serviceUrl('course', `/ai/tasks/${encodeURIComponent(taskId)}/stop`),
    { appType: 'generate-questions-sse' },
    { silent: true },
  );

/**
 * `POST /api/course/ai/generate_questions` (10 min): the draft turned into questions. With questionNum and
 * the requirements, the server asks for questions the draft did not yield (issue 10 part 7).
 */
export const structureQuestions = (
  body: {
    question: string;
    questionType: number;
    language: string;
    source: GenerationSource;
    questionNum: number;
    query: string;
  },
  signal: AbortSignal,
) =>
  http.post(serviceUrl('course', '/ai/generate_questions'), body, {
    schema: generateQuestionsResult,
    timeoutMs: AI_TIMEOUT_MS,
    signal,
    silent: true,
  });

export const generatorKeys = {
  languages: ['programExecution', 'languages'] as const,
};

/** `GET /api/course/programExecution/languages`. */
export const useLanguages = (enabled: boolean) =>
  useQuery({
    queryKey: generatorKeys.languages,
    queryFn: () =>
      http.get(serviceUrl('course', '/programExecution/languages'), { schema: z.array(programLanguage) }),
    enabled,
    staleTime: 5 * 60_000,
  });

/** `POST /api/course/programExecution/submit`. */
export const submitProgram = (body: SubmitProgramBody) =>
  http.post(serviceUrl('course', '/programExecution/submit'), body, {
    schema: submitProgramResult,
    silent: true,
  });

/** `GET /api/course/programExecution/programExecution?evaluationId=`. */
export const pollProgram = (evaluationId: string) =>
  http.get(serviceUrl('course', '/programExecution/programExecution'), {
    query: { evaluationId },
    schema: z.array(programStageResult),
    silent: true,
  });

/** Import answer: the questions that failed, each with its failureMsg. */
export type FailedQuestion = { index: number; failureMsg: string };

type FailedRow = {
  aiExerId?: string | null;
  title: string;
  qsnType: number | null;
  failureMsg?: string | null;
};

/** Matches failed rows to the sent questions: by aiExerId, else by title and type; each sent one once. */
export const matchFailed = (sent: EditableQuestion[], rows: FailedRow[]): FailedQuestion[] => {
  const taken = new Set<number>();
  const out: FailedQuestion[] = [];
  for (const row of rows) {
    const index = sent.findIndex(
      (q, i) =>
        !taken.has(i) &&
        (q.aiExerId && row.aiExerId
          ? q.aiExerId === row.aiExerId
          : q.titleText === row.title && (row.qsnType === null || q.qsnType === row.qsnType)),
    );
    if (index < 0) continue;
    taken.add(index);
    out.push({ index, failureMsg: row.failureMsg || QUESTION_MSG.importFailed });
  }
  return out;
};

/** Imports to the target; resolves with the failed questions (indexes into `questions`). */
export const importQuestions = async (
  target: ImportTarget,
  questions: EditableQuestion[],
): Promise<FailedQuestion[]> => {
  const payload = questions.map(toPayload);
  const fromGenerated = (rows: GeneratedQuestion[]) =>
    rows.map((r) => ({
      aiExerId: r.aiExerId,
      title: r.titleText,
      qsnType: r.qsnType,
      failureMsg: r.failureMsg,
    }));
  if (target.kind === 'library') {
    const data = await http.post(serviceUrl('course', '/libQuestions/batchSave'), payload, {
      schema: questionBatchResult,
    });
    return matchFailed(questions, fromGenerated(data.fieldList));
  }
  if (target.kind === 'homework') {
    if (!target.homeworkId) throw new HttpError(QUESTION_MSG.homeworkIdRequired, { kind: 'invalid' });
    const data = await http.post(serviceUrl('course', '/homeworkQuestions/batchSave'), payload, {
      query: { homeworkId: target.homeworkId },
      schema: questionBatchResult,
    });
    return matchFailed(questions, fromGenerated(data.fieldList));
  }
  const data = await http.post(
    serviceUrl('course', '/exercises_questions/batch'),
    payload.map((q) => ({ ...toExerciseQuestion(q), setId: target.setId })),
    { query: { courseId: target.courseId }, schema: exercisesBatchResult },
  );
  return matchFailed(
    questions,
    data.fieldList.map((r) => ({
      aiExerId: r.aiExerId,
      title: r.title,
      qsnType: qsnTypeOfName(r.type),
      failureMsg: r.failureMsg,
    })),
  );
};
