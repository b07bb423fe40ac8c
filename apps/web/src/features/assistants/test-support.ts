import type { AssistantContext, AssistantMessage, ChatEvent, Conversation } from '@uplus/shared';
import { vi } from 'vitest';
import { fail, jsonResponse, type RecordedCall, recordCall, type StubAnswer } from '../../test/helpers';

/*
 * Test support of the assistants' web tests: event-stream responses, a fetch stub whose routes may answer
 * with a stream, builders of the shared shapes, and a stand-in XMLHttpRequest for uploads.
 */

/** A text/event-stream response delivering `chunks` as they are (split anywhere, even inside a character). */
export const sseResponse = (chunks: (string | Uint8Array)[]) => {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks)
          controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
        controller.close();
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } },
  );
};

/** A stream whose events the test pushes one by one (`push`), then ends (`end`). */
export const liveSse = () => {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const response = new Response(
    new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );
  return {
    response,
    push: (event: ChatEvent) => controller?.enqueue(encoder.encode(sseLine(event))),
    end: () => controller?.close(),
  };
};

export const sseLine = (event: ChatEvent) => `data: ${JSON.stringify(event)}\n\n`;

export type Route =
  | StubAnswer
  | Response
  | ((call: RecordedCall) => StubAnswer | Response | Promise<StubAnswer | Response>);

/** Replaces fetch; a route may answer with a Response (a stream) or an envelope. Returns the calls. */
export const stubAssistantFetch = (routes: Record<string, Route>) => {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = recordCall(input, init);
      calls.push(call);
      const route = routes[`${call.method} ${call.path}`];
      const answer = !route
        ? fail(404, '请求的资源不存在')
        : typeof route === 'function'
          ? await route(call)
          : route;
      if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      return answer instanceof Response ? answer : jsonResponse(answer);
    }),
  );
  return calls;
};

export const BASE = '/api/course/intelligent/courses';

export const contextOf = (over: Partial<AssistantContext> = {}): AssistantContext => ({
  scene: 'CourseQA',
  courseId: 7,
  contentId: null,
  courseName: '数据结构',
  hasAiPerm: true,
  hasAiJudgePerm: false,
  hasTeachingAnalysisPerm: false,
  isStudent: true,
  isTeacher: false,
  hasKnowledge: true,
  remaining: 42,
  ...over,
});

export const conversationOf = (over: Partial<Conversation> = {}): Conversation => ({
  id: 3,
  scene: 'CourseQA',
  courseId: 7,
  contentId: null,
  title: '什么是栈',
  createAt: 1_760_000_000_000,
  updateAt: 1_760_000_000_000,
  answering: false,
  ...over,
});

export const messageOf = (over: Partial<AssistantMessage> = {}): AssistantMessage => ({
  id: 1,
  conversationId: 3,
  role: 'user',
  chatType: 'studentQa',
  teacherTask: null,
  content: '什么是栈',
  status: 'Done',
  error: null,
  citations: [],
  files: [],
  diagram: null,
  createAt: 1_760_000_000_000,
  ...over,
});

/** A stand-in XMLHttpRequest answering uploads with `answer(file)` after one progress event. */
export const stubXhr = (answer: (file: File) => { status: number; body: unknown }) => {
  const sent: { url: string; file: File; headers: Record<string, string> }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: {
      onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      const file = form.get('file') as File;
      sent.push({ url: this.url, file, headers: this.headers });
      setTimeout(() => {
        this.upload.onprogress?.({ loaded: file.size / 2, total: file.size, lengthComputable: true });
        setTimeout(() => {
          const reply = answer(file);
          this.status = reply.status;
          this.responseText = JSON.stringify(reply.body);
          this.onload?.();
        }, 5);
      }, 5);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
};

/** A File of a given size (its bytes are not read by the browser checks). */
export const fileOf = (name: string, size: number, type = 'application/pdf') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
