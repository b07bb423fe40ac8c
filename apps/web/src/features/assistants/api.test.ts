import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSseReader } from '../../api/sse';
import { recordCall } from '../../test/helpers';
import { rejoinMessage, type StreamHandlers, StreamRefused, streamChat } from './api';
import { sseLine, sseResponse } from './test-support';

/** Records what the handlers were told, in order. */
const recorder = () => {
  const seen: unknown[] = [];
  const handlers: StreamHandlers = {
    onMeta: (m) => seen.push(['meta', m.conversationId, m.messageId, m.userMessageId, m.title]),
    onCitations: (c) => seen.push(['citations', c.map((x) => x.n)]),
    onDelta: (answer, offset) => seen.push(['delta', answer, offset]),
    onDone: (d) => seen.push(['done', d.status, d.diagram, d.error]),
    onError: (message) => seen.push(['error', message]),
  };
  return { seen, handlers };
};

describe('the chat stream client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the reader keeps a line split across chunks until its end; skips comments and [DONE]', () => {
    const reader = createSseReader();
    expect(reader.push(': keep-alive\n\ndata: {"event":"mess')).toEqual([]);
    expect(reader.push('age","answer":"你"}\n')).toEqual([{ event: 'message', answer: '你' }]);
    expect(reader.push('data: [DONE]\ndata: not json\ndata: {"a":1}')).toEqual([]);
    expect(reader.end()).toEqual([{ a: 1 }]);
  });

  it('POST /chat: the body as JSON with the token; events in order though chunks split lines and characters', async () => {
    window.localStorage.setItem('AccessToken', 'token-1');
    const bytes = new TextEncoder().encode(sseLine({ event: 'message', answer: '栈是后进先出', offset: 6 }));
    // a chunk boundary inside a three-byte character
    const cut = bytes.indexOf(0xe6) + 1;
    const calls: ReturnType<typeof recordCall>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(recordCall(input, init));
        return sseResponse([
          sseLine({
            event: 'meta',
            conversationId: 3,
            messageId: 11,
            userMessageId: 10,
            taskId: 't',
            title: '什么是栈',
          }).slice(0, 20),
          sseLine({
            event: 'meta',
            conversationId: 3,
            messageId: 11,
            userMessageId: 10,
            taskId: 't',
            title: '什么是栈',
          }).slice(20),
          sseLine({
            event: 'citations',
            citations: [
              { n: 1, passageId: 5, materialId: 2, materialTitle: '第一章', heading: null, excerpt: '栈…' },
            ],
          }),
          bytes.slice(0, cut),
          bytes.slice(cut),
          sseLine({ event: 'message', answer: '。[1]', offset: 10 }),
          `data: ${JSON.stringify({ event: 'done', status: 'Done', diagram: null, error: null })}`,
        ]);
      }),
    );
    const { seen, handlers } = recorder();
    await streamChat(
      {
        scene: 'CourseQA',
        courseId: 7,
        chatType: 'studentQa',
        query: '什么是栈',
        fileIds: [],
        knowledge: true,
      },
      handlers,
    );
    expect(seen).toEqual([
      ['meta', 3, 11, 10, '什么是栈'],
      ['citations', [1]],
      ['delta', '栈是后进先出', 6],
      ['delta', '。[1]', 10],
      ['done', 'Done', null, null],
    ]);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.path).toBe('/api/course/intelligent/courses/chat');
    expect(calls[0]?.headers.get('X-Access-Token')).toBe('token-1');
    expect(calls[0]?.headers.get('Accept')).toBe('text/event-stream');
    expect(calls[0]?.body).toMatchObject({
      scene: 'CourseQA',
      courseId: 7,
      query: '什么是栈',
      knowledge: true,
    });
  });

  it('a JSON answer instead of a stream is thrown with its message (quota, 409, 503)', async () => {
    for (const [status, message] of [
      [429, '今日提问次数已用完，请明天再来'],
      [409, '上一个问题还在回答中，请稍候'],
      [503, 'AI服务未配置'],
    ] as const) {
      vi.stubGlobal(
        'fetch',
        vi.fn(
          async () =>
            new Response(JSON.stringify({ success: false, code: status, message, data: null }), {
              status,
              headers: { 'Content-Type': 'application/json' },
            }),
        ),
      );
      const { seen, handlers } = recorder();
      const error = await streamChat(
        { scene: 'CourseQA', courseId: 7, chatType: 'studentQa', query: '问', fileIds: [], knowledge: false },
        handlers,
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StreamRefused);
      expect((error as StreamRefused).message).toBe(message);
      expect((error as StreamRefused).status).toBe(status);
      expect(seen).toEqual([]);
    }
  });

  it('an error event mid-stream reaches onError; unknown events are skipped', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        sseResponse([
          'data: {"event":"ping"}\n\n',
          sseLine({ event: 'message', answer: '一半', offset: 2 }),
          sseLine({ event: 'error', answer: 'AI服务暂时不可用' }),
        ]),
      ),
    );
    const { seen, handlers } = recorder();
    await rejoinMessage(4, 0, handlers);
    expect(seen).toEqual([
      ['delta', '一半', 2],
      ['error', 'AI服务暂时不可用'],
    ]);
  });

  it('rejoin: GET /messages/{id}/stream with the offset of the text shown', async () => {
    const calls: ReturnType<typeof recordCall>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(recordCall(input, init));
        return sseResponse([
          sseLine({ event: 'message', answer: '后进先出。', offset: 10 }),
          sseLine({ event: 'done', status: 'Stopped', diagram: null, error: '已停止回答' }),
        ]);
      }),
    );
    const { seen, handlers } = recorder();
    await rejoinMessage(11, 5, handlers);
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.path).toBe('/api/course/intelligent/courses/messages/11/stream');
    expect(calls[0]?.query.get('offset')).toBe('5');
    expect(seen).toEqual([
      ['delta', '后进先出。', 10],
      ['done', 'Stopped', null, '已停止回答'],
    ]);
  });

  it('an aborted stream rejects with the AbortError (the answer goes on on the server)', async () => {
    const abort = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        const signal = init?.signal;
        return new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(
                new TextEncoder().encode(sseLine({ event: 'message', answer: 'a', offset: 1 })),
              );
              signal?.addEventListener('abort', () =>
                controller.error(new DOMException('aborted', 'AbortError')),
              );
            },
          }),
          { headers: { 'Content-Type': 'text/event-stream' } },
        );
      }),
    );
    const { seen, handlers } = recorder();
    const running = rejoinMessage(1, 0, handlers, abort.signal);
    await vi.waitFor(() => expect(seen).toEqual([['delta', 'a', 1]]));
    abort.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
  });
});
