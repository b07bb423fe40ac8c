import { vi } from 'vitest';
import {
  jsonResponse,
  type RecordedCall,
  recordCall,
  type StubAnswer,
  type StubHandler,
  stubFetch,
} from '../../../test/helpers';

/*
 * Test support for the AI panels: the JSON routes of the shared fetch stub plus the draft stream
 * (`text/event-stream` bodies built from events, optionally held open until the request is aborted).
 */

export type SseScript = {
  events: object[];
  /** keep the stream open after the events (until aborted) */
  hold?: boolean;
  /** raw text appended after the events (e.g. a line split across chunks) */
  raw?: string[];
};

export const SSE_PATH = '/api/course/ai/generate_questions/sse';

/** A streaming Response that errors when `signal` aborts, like a real fetch body. */
export const sseResponse = (script: SseScript, signal?: AbortSignal | null) => {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const event of script.events)
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
      for (const raw of script.raw ?? []) controller.enqueue(encoder.encode(raw));
      if (!script.hold) {
        controller.close();
        return;
      }
      signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
};

/**
 * Stubs fetch: the draft stream answers from `stream(call)` (a script, or a JSON answer for refusals),
 * every other call goes to the shared JSON stub. Returns the recorded calls (stream calls included).
 */
export const stubAiFetch = (
  routes: Record<string, StubHandler | StubAnswer>,
  stream: (call: RecordedCall) => SseScript | StubAnswer = () => ({ events: [] }),
) => {
  const calls = stubFetch(routes);
  const json = globalThis.fetch;
  const wrapped = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = recordCall(input, init);
    if (call.path !== SSE_PATH) return json(input, init);
    calls.push(call);
    const answer = stream(call);
    return 'events' in answer ? sseResponse(answer, init?.signal) : jsonResponse(answer);
  });
  vi.stubGlobal('fetch', wrapped);
  return calls;
};

/** A message event of the draft stream. */
export const msg = (answer: string, taskId = '11111111-2222-3333-4444-555555555555') => ({
  event: 'message',
  answer,
  taskId,
});

/** A valid single-choice question as the structuring call answers it. */
export const singleChoice = (title: string, extra: Record<string, unknown> = {}) => ({
  qsnType: 1,
  qsnName: '单选题',
  titleText: title,
  options: [
    { id: 'A', optionContent: '栈' },
    { id: 'B', optionContent: '队列' },
    { id: 'C', optionContent: '堆' },
  ],
  answer: 'A',
  difficulty: 3,
  knowledges: '数据结构',
  tip: '栈是后进先出。',
  everyScore: 10,
  purpose: 'InCommonUseQuestion',
  ...extra,
});

/** A valid programming question (python) with two cases. */
export const programming = (extra: Record<string, unknown> = {}) => ({
  qsnType: 5,
  qsnName: '编程题',
  titleText: '两数之和',
  description: '输入两个整数，输出它们的和。',
  language: 'python3',
  options: [],
  answer: 'a, b = map(int, input().split())\nprint(a + b)',
  difficulty: 2,
  knowledges: '输入输出',
  tip: '',
  everyScore: 10,
  purpose: 'InCommonUseQuestion',
  isAutojudge: 1,
  programScoreStrategy: 'Part',
  isPerformance: 0,
  maxTime: 2000,
  ratePerformance: 20,
  runtime: 200,
  testcases: [
    { input: '1 2', output: '3', weight: 50 },
    { input: '5 7', output: '12', weight: 50 },
  ],
  ...extra,
});
