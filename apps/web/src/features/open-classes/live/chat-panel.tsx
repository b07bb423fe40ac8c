import { Button, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { isCommitEnter } from '../../courses/course-parts';

/** Texts of the live room's chat. */
export const CHAT_MSG = {
  connecting: '正在连接聊天室…',
  closed: '聊天室连接已断开',
  empty: '还没有人发言，来说点什么吧',
  placeholder: '说点什么…',
} as const;

/** A chat message as the provider's chat service sends and takes it. */
export type ChatMessage = { type: 'message'; text: string; nickname: string };

/** Parses one frame; anything that is not a chat message (pings, joins, junk) is null. */
export const parseChatFrame = (data: unknown): ChatMessage | null => {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<ChatMessage> | null;
    if (value?.type !== 'message' || typeof value.text !== 'string') return null;
    return {
      type: 'message',
      text: value.text,
      nickname: typeof value.nickname === 'string' ? value.nickname : '',
    };
  } catch {
    return null;
  }
};

/** The most messages kept on screen. */
const KEEP = 200;
/** The longest message one may send. */
const MAX_TEXT = 200;

/** The address of the chat socket: the provider's chat URL with the signed token. */
export const chatSocketUrl = (chatUrl: string, token: string) => {
  const url = new URL(chatUrl, window.location.href);
  if (url.protocol === 'https:') url.protocol = 'wss:';
  if (url.protocol === 'http:') url.protocol = 'ws:';
  url.searchParams.set('token', token);
  return url.toString();
};

/**
 * The live room's chat: a WebSocket to the provider's chat service (chatUrl?token=), messages as JSON
 * {type:'message', text, nickname}. The list is a live region, so new messages are read out politely.
 */
export function ChatPanel({
  chatUrl,
  token,
  nickname,
}: {
  chatUrl: string;
  token: string;
  nickname: string;
}) {
  const [messages, setMessages] = useState<(ChatMessage & { key: number })[]>([]);
  const [state, setState] = useState<'connecting' | 'open' | 'closed'>('connecting');
  const [draft, setDraft] = useState('');
  const socket = useRef<WebSocket | null>(null);
  const seq = useRef(0);

  useEffect(() => {
    setState('connecting');
    const ws = new WebSocket(chatSocketUrl(chatUrl, token));
    socket.current = ws;
    ws.addEventListener('open', () => setState('open'));
    ws.addEventListener('close', () => setState('closed'));
    ws.addEventListener('message', (event) => {
      const message = parseChatFrame(event.data);
      if (!message) return;
      seq.current += 1;
      const key = seq.current;
      setMessages((list) => [...list, { ...message, key }].slice(-KEEP));
    });
    return () => {
      socket.current = null;
      ws.close();
    };
  }, [chatUrl, token]);

  const send = () => {
    const text = draft.trim();
    const ws = socket.current;
    if (!text || !ws || ws.readyState !== WebSocket.OPEN) return;
    ws.send(JSON.stringify({ type: 'message', text, nickname } satisfies ChatMessage));
    setDraft('');
  };

  return (
    <section className="oc-chat" aria-labelledby="oc-chat-title" data-testid="live-chat">
      <h2 id="oc-chat-title" className="oc-chat__title">
        互动聊天
      </h2>
      <ol className="oc-chat__list" aria-live="polite" data-testid="chat-messages">
        {messages.map((m) => (
          <li key={m.key}>
            <span className="oc-chat__name">{m.nickname || '匿名'}：</span>
            {m.text}
          </li>
        ))}
      </ol>
      {state !== 'open' ? (
        <p className="oc-chat__state" role="status">
          {state === 'connecting' ? CHAT_MSG.connecting : CHAT_MSG.closed}
        </p>
      ) : (
        messages.length === 0 && <p className="oc-chat__state">{CHAT_MSG.empty}</p>
      )}
      <div className="oc-chat__send">
        <Input
          value={draft}
          maxLength={MAX_TEXT}
          placeholder={CHAT_MSG.placeholder}
          aria-label="聊天内容"
          disabled={state !== 'open'}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (isCommitEnter(e)) send();
          }}
          data-testid="chat-input"
        />
        <Button type="primary" onClick={send} disabled={state !== 'open' || !draft.trim()}>
          发送
        </Button>
      </div>
    </section>
  );
}
