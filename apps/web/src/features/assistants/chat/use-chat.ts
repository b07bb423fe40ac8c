import type { AssistantMessage, ChatBody, Citation, MessageFile } from '@uplus/shared';
import { MSG } from '@uplus/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../api/http';
import {
  rejoinMessage,
  type StreamHandlers,
  StreamRefused,
  streamChat,
  useMessages,
  useRefreshChat,
  useStopMessage,
} from '../api';
import { announcementOf, applyDelta } from '../assistant-model';

/*
 * One conversation's messages and the answer being written (issue 16 part 2): what was fetched, merged
 * with the answer this page streams. A question is sent with POST /chat and read as it streams; opening a
 * conversation whose last answer is still Streaming (a reload, a second tab) rejoins it from the length
 * already shown; a dropped connection rejoins too. Leaving the conversation only stops reading: the answer
 * goes on on the server and is there when the conversation is opened again.
 */

/** The answer this page is reading, and the question it sent (null when it rejoined an answer). */
type Live = {
  conversationId: number | null;
  user: AssistantMessage | null;
  answer: AssistantMessage;
};

const REJOIN_TRIES = 3;
const REJOIN_DELAY_MS = 1000;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

const draftMessage = (
  over: Partial<AssistantMessage> & Pick<AssistantMessage, 'id' | 'role' | 'chatType'>,
): AssistantMessage => ({
  conversationId: 0,
  teacherTask: null,
  content: '',
  status: 'Done',
  error: null,
  citations: [],
  files: [],
  diagram: null,
  createAt: Date.now(),
  ...over,
});

/**
 * The session of the open conversation (`conversationId` null: a new one, made by the first question;
 * `onConversation` is told its id as soon as the server names it).
 */
export const useChatSession = (input: {
  conversationId: number | null;
  onConversation: (id: number) => void;
}) => {
  const { conversationId, onConversation } = input;
  const messages = useMessages(conversationId);
  const refresh = useRefreshChat();
  const stopCall = useStopMessage();
  const [live, setLive] = useState<Live | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** the stream being read: its abort and the conversation it belongs to */
  const stream = useRef<{ abort: AbortController; conversationId: number | null; messageId: number } | null>(
    null,
  );
  /** answers this page saw finish, so a stale Streaming row is not rejoined again and again */
  const finished = useRef(new Set<number>());
  const onConversationRef = useRef(onConversation);
  onConversationRef.current = onConversation;

  const patchAnswer = useCallback((change: (a: AssistantMessage) => Partial<AssistantMessage>) => {
    setLive((l) => (l ? { ...l, answer: { ...l.answer, ...change(l.answer) } } : l));
  }, []);

  /** Handlers shared by a send and a rejoin; `content` mirrors the text for offsets and rejoins. */
  const handlersFor = useCallback(
    (state: { content: string; messageId: number; conversationId: number | null }): StreamHandlers => ({
      onCitations: (citations: Citation[]) => patchAnswer(() => ({ citations })),
      onDelta: (piece, offset) => {
        state.content = applyDelta(state.content, piece, offset);
        const content = state.content;
        patchAnswer(() => ({ content }));
      },
      onDone: (done) => {
        finished.current.add(state.messageId);
        patchAnswer(() => ({ status: done.status, diagram: done.diagram, error: done.error }));
        setAnnouncement(
          announcementOf(done.status === 'Failed' ? (done.error ?? '') : state.content, done.status),
        );
        if (state.conversationId) void refresh.messages(state.conversationId);
        void refresh.conversations();
        void refresh.context();
      },
      onError: (message) => {
        finished.current.add(state.messageId);
        patchAnswer(() => ({ status: 'Failed', error: message }));
        setAnnouncement(announcementOf(message, 'Failed'));
      },
    }),
    [patchAnswer, refresh],
  );

  /** Reads an answer from `offset` on, trying again a few times when the connection drops. */
  const follow = useCallback(
    async (
      state: { content: string; messageId: number; conversationId: number | null },
      abort: AbortController,
    ) => {
      for (let attempt = 0; attempt < REJOIN_TRIES; attempt++) {
        try {
          await rejoinMessage(state.messageId, state.content.length, handlersFor(state), abort.signal);
          return;
        } catch (error) {
          if (isAbort(error) || abort.signal.aborted) return;
          if (error instanceof StreamRefused) {
            patchAnswer(() => ({ status: 'Failed', error: error.message }));
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, REJOIN_DELAY_MS * (attempt + 1)));
          if (abort.signal.aborted) return;
        }
      }
      patchAnswer(() => ({ status: 'Failed', error: '网络连接中断，请刷新后查看回答' }));
    },
    [handlersFor, patchAnswer],
  );

  const endStream = useCallback((abort: AbortController) => {
    if (stream.current?.abort === abort) stream.current = null;
  }, []);

  // Leaving the conversation (or the panel) stops reading; the answer goes on on the server.
  useEffect(() => {
    if (stream.current && stream.current.conversationId !== conversationId) {
      stream.current.abort.abort();
      stream.current = null;
    }
  }, [conversationId]);
  useEffect(
    () => () => {
      stream.current?.abort.abort();
      stream.current = null;
    },
    [],
  );

  const fetched = useMemo(
    () => (messages.data ? [...messages.data.pages].reverse().flatMap((p) => p.rows) : []),
    [messages.data],
  );

  // An answer still being written when the conversation opens (a reload, another tab): rejoin it.
  useEffect(() => {
    if (conversationId === null || stream.current) return;
    const last = fetched.at(-1);
    if (last?.role !== 'assistant' || last.status !== 'Streaming') return;
    if (finished.current.has(last.id)) return;
    const abort = new AbortController();
    stream.current = { abort, conversationId, messageId: last.id };
    setLive({ conversationId, user: null, answer: { ...last } });
    const state = { content: last.content, messageId: last.id, conversationId };
    void follow(state, abort).finally(() => endStream(abort));
  }, [conversationId, fetched, follow, endStream]);

  /** Asks a question; resolves null once the server took it, or the message of its refusal. */
  const send = useCallback(
    (body: Omit<ChatBody, 'conversationId'>, files: MessageFile[]): Promise<string | null> =>
      new Promise((resolve) => {
        if (stream.current) {
          resolve(MSG_ANSWERING);
          return;
        }
        const abort = new AbortController();
        const from = conversationId;
        stream.current = { abort, conversationId: from, messageId: 0 };
        const user = draftMessage({
          id: -1,
          role: 'user',
          chatType: body.chatType,
          teacherTask: body.teacherTask ?? null,
          content: body.query,
          files,
        });
        const answer = draftMessage({
          id: -2,
          role: 'assistant',
          chatType: body.chatType,
          teacherTask: body.teacherTask ?? null,
          status: 'Streaming',
        });
        setLive({ conversationId: from, user, answer });
        setAnnouncement('');
        const state = { content: '', messageId: 0, conversationId: from };
        let accepted = false;
        let refusal: string | null = null;
        const shared = handlersFor(state);
        const handlers: StreamHandlers = {
          ...shared,
          onError: (message) => {
            if (accepted) shared.onError?.(message);
            else refusal = message;
          },
          onMeta: (meta) => {
            accepted = true;
            state.messageId = meta.messageId;
            state.conversationId = meta.conversationId;
            if (stream.current?.abort === abort) {
              stream.current.conversationId = meta.conversationId;
              stream.current.messageId = meta.messageId;
            }
            setLive((l) =>
              l
                ? {
                    conversationId: meta.conversationId,
                    user: l.user
                      ? { ...l.user, id: meta.userMessageId, conversationId: meta.conversationId }
                      : null,
                    answer: { ...l.answer, id: meta.messageId, conversationId: meta.conversationId },
                  }
                : l,
            );
            resolve(null);
            if (from === null) onConversationRef.current(meta.conversationId);
            void refresh.conversations();
          },
        };
        // handlersFor's callbacks read `state` at call time, so the ids named by meta are used; an error
        // event before meta is a refusal like a JSON answer: the question comes back to the box
        const run = async () => {
          try {
            await streamChat({ ...body, ...(from ? { conversationId: from } : {}) }, handlers, abort.signal);
            if (!accepted) {
              setLive(null);
              resolve(refusal ?? MSG.internalError);
            }
          } catch (error) {
            if (!accepted) {
              setLive(null);
              resolve(isAbort(error) ? null : errorText(error));
              return;
            }
            if (isAbort(error) || abort.signal.aborted) return;
            // the connection dropped mid-answer: the server goes on; read the rest from where we are
            await follow(state, abort);
          }
        };
        void run().finally(() => endStream(abort));
      }),
    [conversationId, handlersFor, follow, endStream, refresh],
  );

  /** Stops the answer being written (from this page or any other). */
  const stop = useCallback(async () => {
    const id = live?.answer.id ?? 0;
    if (id <= 0) return;
    try {
      await stopCall.mutateAsync(id);
    } catch {
      return; // the client toasted the server's message
    }
    if (!stream.current && conversationId) void refresh.messages(conversationId);
  }, [live, stopCall, conversationId, refresh]);

  const shown = useMemo(() => mergeLive(fetched, live, conversationId), [fetched, live, conversationId]);
  const answering = shown.some((m) => m.role === 'assistant' && m.status === 'Streaming');

  return {
    messages: shown,
    query: messages,
    answering,
    /** the answer can be stopped now (the server has named it) */
    stoppable: answering && (live?.answer.id ?? 0) > 0,
    stopping: stopCall.isPending,
    announcement,
    send,
    stop,
  };
};

const MSG_ANSWERING = '上一个问题还在回答中，请稍候';

const errorText = (error: unknown) =>
  error instanceof TypeError ? '网络连接失败，请检查网络后重试' : errorMessage(error);

/**
 * The fetched messages with the live answer in place: a fetched row still Streaming shows the live text
 * (the stream is ahead of the stored row); the question and answer not fetched yet come last.
 */
export const mergeLive = (
  fetched: AssistantMessage[],
  live: Live | null,
  conversationId: number | null,
): AssistantMessage[] => {
  if (!live || live.conversationId !== conversationId) return fetched;
  const out = fetched.map((m) => (m.id === live.answer.id && m.status === 'Streaming' ? live.answer : m));
  const ids = new Set(fetched.map((m) => m.id));
  if (live.user && !ids.has(live.user.id)) out.push(live.user);
  if (!ids.has(live.answer.id)) out.push(live.answer);
  return out;
};
