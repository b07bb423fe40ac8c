import {
  DownOutlined,
  ExclamationCircleOutlined,
  FileImageOutlined,
  FileTextOutlined,
  RobotOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { AssistantMessage, Citation, MessageFile } from '@uplus/shared';
import { ASSISTANT_MSG } from '@uplus/shared';
import { Avatar, Button } from 'antd';
import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { trackDeferredLoad } from '../../../components/lazy-antd';
import { hasMermaidFence, isAtBottom, splitCitations } from '../assistant-model';
import { CopyButton } from './copy-button';
import { MermaidDiagram } from './mermaid-diagram';
import { PassageDialog } from './passage-dialog';

/*
 * The messages of a conversation (issue 16 part 4): avatars of 42 px, the question's files (a file that
 * could not be read says why), the answer's markdown, citations that open their passage, a diagram, the
 * answer's state (writing, stopped, failed with its reason) and a copy button. The list follows a
 * streaming answer while the reader is at the bottom and stops when they scroll up (回到底部 brings them
 * back); a polite live region says when an answer finished, not every piece of it.
 */

/** The avatar size of spec 2.15. */
export const AVATAR_SIZE = 42;

const Markdown = lazy(() => trackDeferredLoad(import('./markdown')));

export type MessageListProps = {
  messages: AssistantMessage[];
  assistantName: string;
  announcement: string;
  /** older messages exist: a button loads them */
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** shown when there is no message yet */
  empty: ReactNode;
  /** stop button beside the answer being written */
  stopControl?: ReactNode;
};

export function MessageList(props: MessageListProps) {
  const { messages, announcement } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const follow = useRef(true);
  const [atBottom, setAtBottom] = useState(true);
  const [citation, setCitation] = useState<Citation | null>(null);

  const toBottom = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    follow.current = true;
    setAtBottom(true);
  }, []);

  const last = messages.at(-1);
  const tail = `${messages.length}:${last?.id}:${last?.content.length}:${last?.status}`;
  // Follow the answer while the reader is at the bottom (a new question always brings them there).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tail stands for what was added
  useLayoutEffect(() => {
    // nothing asked yet: the greeting (or the teacher's menu) is read from its top
    if (follow.current && messages.length > 0) {
      const el = scroller.current;
      if (el) el.scrollTop = el.scrollHeight;
    }
  }, [tail]);
  const lastUserId = [...messages].reverse().find((m) => m.role === 'user')?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new question of the reader scrolls down
  useEffect(() => {
    if (lastUserId !== undefined) toBottom();
  }, [lastUserId]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    const bottom = isAtBottom(el);
    follow.current = bottom;
    if (bottom !== atBottom) setAtBottom(bottom);
  };

  return (
    <div className="chat-messages">
      <div
        className="chat-messages__scroll"
        ref={scroller}
        onScroll={onScroll}
        data-testid="chat-messages"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the conversation scrolls by keyboard
        tabIndex={0}
        role="log"
        aria-label="对话内容"
        aria-live="off"
      >
        {props.hasOlder && (
          <div className="chat-messages__older">
            <Button size="small" loading={props.loadingOlder} onClick={props.onLoadOlder}>
              加载更早的消息
            </Button>
          </div>
        )}
        {messages.length === 0
          ? props.empty
          : messages.map((m) =>
              m.role === 'user' ? (
                <UserMessage key={m.id} message={m} />
              ) : (
                <AnswerMessage
                  key={m.id}
                  message={m}
                  name={props.assistantName}
                  onCite={setCitation}
                  stopControl={m.status === 'Streaming' ? props.stopControl : null}
                />
              ),
            )}
      </div>
      {!atBottom && (
        <button type="button" className="chat-to-bottom" onClick={toBottom} data-testid="chat-to-bottom">
          <DownOutlined aria-hidden /> 回到底部
        </button>
      )}
      <div className="assistant-sr-only" aria-live="polite" role="status" data-testid="chat-announcer">
        {announcement}
      </div>
      <PassageDialog citation={citation} onClose={() => setCitation(null)} />
    </div>
  );
}

function UserMessage({ message }: { message: AssistantMessage }) {
  return (
    <article className="chat-msg is-user" aria-label="我的问题" data-testid="chat-question">
      <div className="chat-msg__body">
        <div className="chat-msg__bubble">{message.content}</div>
        {message.files.length > 0 && <MessageFiles files={message.files} />}
      </div>
      <Avatar size={AVATAR_SIZE} icon={<UserOutlined />} className="chat-msg__avatar" aria-hidden />
    </article>
  );
}

/** The files of a question: each with its state; an unreadable one says why. */
export function MessageFiles({ files }: { files: MessageFile[] }) {
  return (
    <ul className="chat-files" aria-label="附件">
      {files.map((f) => (
        <li
          key={f.fileId}
          className={`chat-file${f.status === 'Failed' ? ' is-failed' : ''}`}
          data-testid="chat-message-file"
        >
          {f.kind === 'image' ? <FileImageOutlined aria-hidden /> : <FileTextOutlined aria-hidden />}
          <span className="chat-file__name">{f.name}</span>
          {f.status === 'Failed' && (
            <span className="chat-file__why">
              <ExclamationCircleOutlined aria-hidden /> {f.message || ASSISTANT_MSG.fileUnreadable(f.name)}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** One source of an answer: its number, the material and the heading; opens the passage. */
function SourceItem({ c, onCite }: { c: Citation; onCite: (c: Citation) => void }) {
  return (
    <li>
      <button
        type="button"
        className="chat-citations__item"
        data-testid={`chat-source-${c.n}`}
        onClick={() => onCite(c)}
      >
        <span className="chat-citations__n">[{c.n}]</span>
        <span>
          {c.materialTitle}
          {c.heading ? ` · ${c.heading}` : ''}
        </span>
      </button>
    </li>
  );
}

/**
 * The passages the answer cites, and, folded under 其他检索结果, those retrieved for the question that the
 * answer does not cite (still openable: the student may want to read them).
 */
function Sources({
  citations,
  content,
  onCite,
}: {
  citations: Citation[];
  content: string;
  onCite: (c: Citation) => void;
}) {
  const { used, unused } = splitCitations(citations, content);
  return (
    <div className="chat-sources" data-testid="chat-sources">
      {used.length > 0 && (
        <ol className="chat-citations" aria-label="引用来源">
          {used.map((c) => (
            <SourceItem key={c.n} c={c} onCite={onCite} />
          ))}
        </ol>
      )}
      {unused.length > 0 && (
        <details className="chat-sources__more" data-testid="chat-sources-more">
          <summary>其他检索结果（{unused.length}）</summary>
          <ol className="chat-citations is-more" aria-label="其他检索结果">
            {unused.map((c) => (
              <SourceItem key={c.n} c={c} onCite={onCite} />
            ))}
          </ol>
        </details>
      )}
    </div>
  );
}

function AnswerMessage({
  message,
  name,
  onCite,
  stopControl,
}: {
  message: AssistantMessage;
  name: string;
  onCite: (c: Citation) => void;
  stopControl: ReactNode;
}) {
  const streaming = message.status === 'Streaming';
  const cited = useMemo(() => new Set(message.citations.map((c) => c.n)), [message.citations]);
  const byNumber = (n: number) => message.citations.find((c) => c.n === n);
  const separateDiagram = message.diagram && !hasMermaidFence(message.content) ? message.diagram : null;
  return (
    <article
      className={`chat-msg is-answer is-${message.status.toLowerCase()}`}
      aria-label={`${name}的回答`}
      aria-busy={streaming}
      data-testid="chat-answer"
      data-status={message.status}
    >
      <Avatar size={AVATAR_SIZE} icon={<RobotOutlined />} className="chat-msg__avatar is-bot" aria-hidden />
      <div className="chat-msg__body">
        {message.content ? (
          <Suspense fallback={<div className="chat-md is-plain">{message.content}</div>}>
            <Markdown
              content={message.content}
              cited={cited}
              streaming={streaming}
              onCite={(n) => {
                const c = byNumber(n);
                if (c) onCite(c);
              }}
            />
          </Suspense>
        ) : streaming ? (
          <p className="chat-msg__thinking" data-testid="chat-thinking">
            正在思考…
          </p>
        ) : null}
        {separateDiagram && !streaming && <MermaidDiagram source={separateDiagram} />}
        {message.citations.length > 0 && (
          <Sources citations={message.citations} content={message.content} onCite={onCite} />
        )}
        {message.status === 'Stopped' && (
          <p className="chat-msg__state" data-testid="chat-stopped">
            {message.error || ASSISTANT_MSG.stopped}
          </p>
        )}
        {message.status === 'Failed' && (
          <p className="chat-msg__state is-error" role="alert" data-testid="chat-failed">
            <ExclamationCircleOutlined aria-hidden /> {message.error || ASSISTANT_MSG.interrupted}
          </p>
        )}
        <div className="chat-msg__actions">
          {streaming ? (
            stopControl
          ) : message.content ? (
            <CopyButton text={message.content} label="复制回答" testId="chat-answer-copy" />
          ) : null}
        </div>
      </div>
    </article>
  );
}
