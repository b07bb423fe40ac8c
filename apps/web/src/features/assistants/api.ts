import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AssistantScene,
  assistantContext,
  assistantFile,
  assistantMessage,
  type ChatBody,
  type ChatEvent,
  type Citation,
  citation,
  conversation,
  isSuccessAnswer,
  knowledgePassage,
  MSG,
  mentorConsent,
  organPermissions,
} from '@uplus/shared';
import { z } from 'zod';
import { HttpError, http, request, serviceUrl } from '../../api/http';
import { readEventStream } from '../../api/sse';
import { type UploadProgress, uploadMultipart } from '../../api/upload';
import { getToken, useStored } from '../../lib/storage';

/*
 * Data of the assistants (issue 16; portal spec 7: the chat API under course/intelligent/courses with
 * X-Access-Token): the organisation's permissions, the permission context of a scene, conversations,
 * messages, uploads, passages, the mentor's consent, and the answer stream. Keys carry the token and the
 * stored organisation, so a sign-in, sign-out or organisation switch asks again instead of showing another
 * answer. Reads are silent (the panel shows failures in place); actions toast the server's message.
 */

/** Where the assistant is asked: a scene with its course or catalogue item. */
export type AssistantTarget = {
  scene: AssistantScene;
  courseId?: number;
  contentId?: number;
  homeworkId?: number;
};

/** Conversations per page of the list ("更多" loads the next). */
export const CONVERSATION_PAGE_SIZE = 20;
/** Messages per page of a conversation (page 1 holds the newest). */
export const MESSAGE_PAGE_SIZE = 50;

const base = (path: string) => serviceUrl('course', `/intelligent/courses${path}`);

export const assistantKeys = {
  permissions: (token: string | null, organ: string | null) =>
    ['assistant', token ?? '', organ ?? '', 'organPermissions'] as const,
  all: (token: string | null, organ: string | null) =>
    ['assistant', token ?? '', organ ?? '', 'chat'] as const,
  context: (token: string | null, organ: string | null, t: AssistantTarget) =>
    [...assistantKeys.all(token, organ), 'context', t.scene, t.courseId ?? 0, t.contentId ?? 0] as const,
  conversations: (token: string | null, organ: string | null, t: AssistantTarget) =>
    [
      ...assistantKeys.all(token, organ),
      'conversations',
      t.scene,
      t.courseId ?? 0,
      t.contentId ?? 0,
    ] as const,
  allConversations: (token: string | null, organ: string | null) =>
    [...assistantKeys.all(token, organ), 'conversations'] as const,
  messages: (token: string | null, organ: string | null, conversationId: number) =>
    [...assistantKeys.all(token, organ), 'messages', conversationId] as const,
  passage: (token: string | null, organ: string | null, passageId: number) =>
    [...assistantKeys.all(token, organ), 'passage', passageId] as const,
  consent: (token: string | null, organ: string | null) =>
    [...assistantKeys.all(token, organ), 'mentorConsent'] as const,
};

/** The token and organisation the keys are made of. */
const useKeyParts = () => [useStored('AccessToken'), useStored('organ')] as const;

// Organisation permissions -------------------------------------------------------------------------------

/**
 * `GET /api/base/organ/permissions`. Without collegeId the server answers for the organisation the user
 * acts in (its leaf: class or college), inheriting from its ancestors with the nearer value winning, which
 * is the most precise answer; a collegeId would only narrow it to an ancestor. Silent: a failure hides the
 * launcher and must not toast on every workbench page.
 */
export const fetchOrganPermissions = () =>
  http.get(serviceUrl('base', '/organ/permissions'), { schema: organPermissions, silent: true });

/** The permissions of the organisation the user acts in; runs only when `enabled` (assistant roles). */
export const useOrganPermissions = (enabled: boolean) => {
  const [token, organ] = useKeyParts();
  return useQuery({
    queryKey: assistantKeys.permissions(token, organ),
    queryFn: fetchOrganPermissions,
    enabled: enabled && !!token,
    staleTime: 5 * 60_000,
    retry: false,
  });
};

// Context, conversations, messages -----------------------------------------------------------------------

const targetQuery = (t: AssistantTarget) => ({
  scene: t.scene,
  courseId: t.courseId,
  contentId: t.contentId,
});

/** `GET /context`: the permission context of a scene (spec 3); refusals come back as the error's message. */
export const useAssistantContext = (target: AssistantTarget | null) => {
  const [token, organ] = useKeyParts();
  return useQuery({
    queryKey: target ? assistantKeys.context(token, organ, target) : ['assistant', 'no-target'],
    queryFn: ({ signal }) =>
      http.get(base('/context'), {
        query: target ? targetQuery(target) : {},
        schema: assistantContext,
        silent: true,
        keepRefusalMessage: true,
        signal,
      }),
    enabled: !!target && !!token,
    retry: false,
    staleTime: 30_000,
  });
};

const conversationPage = z.object({ rows: z.array(conversation), total: z.number().int() });
const messagePage = z.object({ rows: z.array(assistantMessage), total: z.number().int() });

/** `GET /conversations`: the user's conversations of a scene, newest first, a page at a time. */
export const useConversations = (target: AssistantTarget | null) => {
  const [token, organ] = useKeyParts();
  return useInfiniteQuery({
    queryKey: target ? assistantKeys.conversations(token, organ, target) : ['assistant', 'no-target'],
    queryFn: ({ pageParam, signal }) =>
      http.get(base('/conversations'), {
        query: {
          ...(target ? targetQuery(target) : {}),
          pageNumber: pageParam,
          pageSize: CONVERSATION_PAGE_SIZE,
        },
        schema: conversationPage,
        silent: true,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.rows.length, 0) < last.total ? pages.length + 1 : undefined,
    enabled: !!target && !!token,
    retry: false,
  });
};

/**
 * `GET /conversations/{id}/messages`: page 1 holds the newest messages (oldest first within the page);
 * further pages are older ones.
 */
export const useMessages = (conversationId: number | null) => {
  const [token, organ] = useKeyParts();
  return useInfiniteQuery({
    queryKey: assistantKeys.messages(token, organ, conversationId ?? 0),
    queryFn: ({ pageParam, signal }) =>
      http.get(base(`/conversations/${conversationId}/messages`), {
        query: { pageNumber: pageParam, pageSize: MESSAGE_PAGE_SIZE },
        schema: messagePage,
        silent: true,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.rows.length, 0) < last.total ? pages.length + 1 : undefined,
    enabled: conversationId !== null && !!token,
    retry: false,
    // the stream keeps the open conversation current; a refetch on focus would only race it
    refetchOnWindowFocus: false,
  });
};

/** Asks again for the lists a question or an answer changes (conversations, context's quota, messages). */
export const useRefreshChat = () => {
  const queryClient = useQueryClient();
  const [token, organ] = useKeyParts();
  return {
    conversations: () =>
      queryClient.invalidateQueries({ queryKey: assistantKeys.allConversations(token, organ) }),
    context: () =>
      queryClient.invalidateQueries({ queryKey: [...assistantKeys.all(token, organ), 'context'] }),
    messages: (conversationId: number) =>
      queryClient.invalidateQueries({ queryKey: assistantKeys.messages(token, organ, conversationId) }),
  };
};

/** `PATCH /conversations/{id}` {title}. */
export const useRenameConversation = () => {
  const refresh = useRefreshChat();
  return useMutation({
    mutationFn: ({ id, title }: { id: number; title: string }) =>
      request(base(`/conversations/${id}`), { method: 'PATCH', body: { title } }),
    onSuccess: refresh.conversations,
  });
};

/** `DELETE /conversations/{id}`. */
export const useDeleteConversation = () => {
  const refresh = useRefreshChat();
  return useMutation({
    mutationFn: (id: number) => http.delete(base(`/conversations/${id}`)),
    onSuccess: refresh.conversations,
  });
};

/** `POST /messages/{id}/stop`: stops the answer wherever it is being written; the text so far is kept. */
export const useStopMessage = () =>
  useMutation({ mutationFn: (messageId: number) => http.post(base(`/messages/${messageId}/stop`)) });

/** `GET /passages/{id}`: the passage a citation opens. */
export const usePassage = (passageId: number | null) => {
  const [token, organ] = useKeyParts();
  return useQuery({
    queryKey: assistantKeys.passage(token, organ, passageId ?? 0),
    queryFn: ({ signal }) =>
      http.get(base(`/passages/${passageId}`), {
        schema: knowledgePassage,
        silent: true,
        keepRefusalMessage: true,
        signal,
      }),
    enabled: passageId !== null && !!token,
    retry: false,
    staleTime: 5 * 60_000,
  });
};

// Career mentor consent ----------------------------------------------------------------------------------

/** `GET /mentor/consent`: whether the mentor may read the resume, intention and deliveries. */
export const useMentorConsent = (enabled = true) => {
  const [token, organ] = useKeyParts();
  return useQuery({
    queryKey: assistantKeys.consent(token, organ),
    queryFn: ({ signal }) =>
      http.get(base('/mentor/consent'), { schema: mentorConsent, silent: true, signal }),
    enabled: enabled && !!token,
    retry: false,
  });
};

/** `PUT /mentor/consent` {granted}. */
export const useSetMentorConsent = () => {
  const queryClient = useQueryClient();
  const [token, organ] = useKeyParts();
  return useMutation({
    mutationFn: (granted: boolean) =>
      http.put(base('/mentor/consent'), { granted }, { schema: mentorConsent }),
    onSuccess: (data) => queryClient.setQueryData(assistantKeys.consent(token, organ), data),
  });
};

// Uploads ------------------------------------------------------------------------------------------------

/** `POST /files` (multipart `file`): stored, checked from its bytes, its text extracted. */
export const uploadAssistantFile = (
  file: File,
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
) => uploadMultipart({ url: base('/files'), file, schema: assistantFile, onProgress, signal });

// The answer stream ---------------------------------------------------------------------------------------

/** What a stream tells its reader, event by event (see ChatEvent in the shared module). */
export type StreamHandlers = {
  onMeta?: (meta: Extract<ChatEvent, { event: 'meta' }>) => void;
  onCitations?: (citations: Citation[]) => void;
  /** a piece of the answer; `offset` is the answer's length after it */
  onDelta?: (answer: string, offset: number) => void;
  onDone?: (done: Extract<ChatEvent, { event: 'done' }>) => void;
  /** the answer failed while streaming (the text to show) */
  onError?: (message: string) => void;
};

/** The call was answered with JSON instead of a stream (refused before it began): `message` says why. */
export class StreamRefused extends HttpError {}

const int = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);
const str = (value: unknown) => (typeof value === 'string' ? value : null);
const citationList = z.array(z.unknown());

/** Hands one payload of the stream to its handler; payloads of unknown shape are skipped. */
export const dispatchChatEvent = (payload: Record<string, unknown>, handlers: StreamHandlers) => {
  switch (payload.event) {
    case 'meta': {
      const conversationId = int(payload.conversationId);
      const messageId = int(payload.messageId);
      const userMessageId = int(payload.userMessageId);
      if (conversationId === null || messageId === null || userMessageId === null) return;
      handlers.onMeta?.({
        event: 'meta',
        conversationId,
        messageId,
        userMessageId,
        taskId: str(payload.taskId) ?? '',
        title: str(payload.title) ?? '',
      });
      return;
    }
    case 'citations': {
      const list = citationList.safeParse(payload.citations);
      if (!list.success) return;
      const citations = list.data.flatMap((c) => {
        const parsed = citation.safeParse(c);
        return parsed.success ? [parsed.data] : [];
      });
      handlers.onCitations?.(citations);
      return;
    }
    case 'message': {
      const answer = str(payload.answer);
      if (answer === null) return;
      handlers.onDelta?.(answer, int(payload.offset) ?? -1);
      return;
    }
    case 'done': {
      const status = payload.status;
      if (status !== 'Done' && status !== 'Stopped' && status !== 'Failed') return;
      handlers.onDone?.({ event: 'done', status, diagram: str(payload.diagram), error: str(payload.error) });
      return;
    }
    case 'error':
      handlers.onError?.(str(payload.answer) || MSG.internalError);
      return;
    default:
      return;
  }
};

/** Opens an event stream; a JSON answer (an error before the stream began) is thrown as StreamRefused. */
const openStream = async (
  url: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<void> => {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  const token = getToken();
  if (token) headers['X-Access-Token'] = token;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method: init.method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal,
    credentials: 'same-origin',
  });
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.body || !type.includes('text/event-stream')) {
    type Envelope = { success?: unknown; code?: unknown; message?: unknown };
    let answer: Envelope | null = null;
    try {
      answer = (await response.json()) as Envelope | null;
    } catch {
      // not JSON: the status says what went wrong
    }
    const code = typeof answer?.code === 'number' ? answer.code : response.status;
    const serverMessage = typeof answer?.message === 'string' ? answer.message : '';
    const ok = answer && isSuccessAnswer(response.status, answer);
    const message =
      (!ok && serverMessage) ||
      (response.status === 401
        ? MSG.unauthorized
        : response.status === 403
          ? MSG.noPermission
          : MSG.internalError);
    throw new StreamRefused(message, { kind: 'http', status: response.status, code });
  }
  await readEventStream(response.body, (payload) => dispatchChatEvent(payload, handlers));
};

/**
 * `POST /chat`: asks a question and reads the answer as it is written (meta, citations, message deltas,
 * done). Resolves when the stream ends; rejects with StreamRefused (refused before the stream began), a
 * network TypeError, or the AbortError of `signal` (the answer goes on on the server; rejoin it).
 */
export const streamChat = (body: ChatBody, handlers: StreamHandlers, signal?: AbortSignal) =>
  openStream(base('/chat'), { method: 'POST', body }, handlers, signal);

/**
 * `GET /messages/{id}/stream?offset=`: rejoins an answer being written — first the text from `offset` on,
 * then live deltas, then done (at once when it already ended).
 */
export const rejoinMessage = (
  messageId: number,
  offset: number,
  handlers: StreamHandlers,
  signal?: AbortSignal,
) =>
  openStream(
    `${base(`/messages/${messageId}/stream`)}?offset=${Math.max(0, Math.floor(offset))}`,
    { method: 'GET' },
    handlers,
    signal,
  );
