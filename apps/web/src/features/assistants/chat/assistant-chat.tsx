import { CloseOutlined, MessageOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ANSWER_SCENES,
  ASSISTANT_MSG,
  CHAT_TYPE_INFO,
  type ChatType,
  knowledgeToggleVisible,
  STUDENT_PROMPT_GROUPS,
  type TeacherMenuEntryDef,
  type TeacherTask,
} from '@uplus/shared';
import { Button, Spin, Switch } from 'antd';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { errorMessage, HttpError } from '../../../api/http';
import { trackDeferredLoad } from '../../../components/lazy-antd';
import { type AssistantTarget, useAssistantContext, useConversations } from '../api';
import {
  CONVERSATION_KEY,
  defaultChatType,
  lastTurnOf,
  readRememberedId,
  targetKey,
  writeRememberedId,
} from '../assistant-model';
import { TeacherMenu } from '../teacher/teacher-menu';
import { ChatTypePicker } from './chat-type-picker';
import { ConversationList } from './conversation-list';
import { MessageList } from './message-list';
import { Sender } from './sender';
import { useChatSession } from './use-chat';
import './chat.css';

/*
 * A chat with one of the assistants in one scene (issue 16): the conversations of the scene, the open
 * conversation's messages and the question box, with what the permission context offers — the student's
 * prompt groups and the knowledge-base toggle, the teacher's feature menu (a chat task, or 智能出题 /
 * 智能判题 opened in place), the day's remaining questions. Used by the floating panel and by the career
 * mentor's page. The open conversation is remembered per tab, so a reload comes back to it (and to an
 * answer still being written).
 */

/** 智能出题 / 智能判题 (the generator and judge) load only when a teacher opens one. */
const TeacherPanel = lazy(() =>
  trackDeferredLoad(import('../teacher/teacher-panels')).then((m) => ({ default: m.TeacherPanel })),
);

const tabStorage = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

type TeacherChatEntry = Extract<TeacherMenuEntryDef, { kind: 'chat' }>;

export type AssistantChatProps = {
  /** where to ask; null until a course is picked */
  target: AssistantTarget | null;
  /** the floating panel (list over the chat) or a page (list beside it) */
  layout: 'panel' | 'page';
  /** the assistant's name (学习伴侣 / 教学助手 / 职业导师) */
  name: string;
  /** the course picker, when the page declared no scene */
  picker?: ReactNode;
  /** said above the chat (the mentor's consent state) */
  notice?: ReactNode;
  /** what the empty conversation says first */
  greeting?: string;
};

export function AssistantChat(props: AssistantChatProps) {
  const { target } = props;
  // a new target starts a new chat state (remembered conversation of that target)
  return <ChatForTarget key={target ? targetKey(target) : 'none'} {...props} />;
}

function ChatForTarget({ target, layout, name, picker, notice, greeting }: AssistantChatProps) {
  const context = useAssistantContext(target);
  const memoryKey = target ? `${CONVERSATION_KEY}${targetKey(target)}` : null;
  const [conversationId, setConversationIdState] = useState<number | null>(() =>
    memoryKey ? readRememberedId(tabStorage(), memoryKey) : null,
  );
  const [listOpen, setListOpen] = useState(false);
  const [chatType, setChatType] = useState<ChatType>(() => defaultChatType(target?.scene ?? 'CourseQA'));
  const [task, setTask] = useState<TeacherChatEntry | null>(null);
  const [panel, setPanel] = useState<'smartQuestion' | 'smartGrading' | null>(null);
  const [knowledge, setKnowledge] = useState(true);
  const [focusKey, setFocusKey] = useState('');
  const listId = useId();
  const kbId = useId();

  const setConversationId = useCallback(
    (id: number | null) => {
      setConversationIdState(id);
      if (memoryKey) writeRememberedId(tabStorage(), memoryKey, id);
    },
    [memoryKey],
  );

  const session = useChatSession({ conversationId, onConversation: setConversationId });

  // A conversation of this scene being answered right now (another tab, a reload without memory): open it.
  const conversations = useConversations(target);
  const newest = conversations.data?.pages[0]?.rows[0];
  const [adopted, setAdopted] = useState(false);
  useEffect(() => {
    if (adopted || !newest) return;
    setAdopted(true);
    if (conversationId === null && newest.answering) setConversationId(newest.id);
  }, [adopted, newest, conversationId, setConversationId]);

  // A conversation that no longer exists (deleted in another tab) is forgotten.
  const gone = session.query.error instanceof HttpError && session.query.error.status === 404;
  useEffect(() => {
    if (conversationId !== null && gone) setConversationId(null);
  }, [conversationId, gone, setConversationId]);

  // Opening a conversation goes on with the chat type (and task) of its last question.
  const turn = lastTurnOf(session.messages);
  const turnKey = turn ? `${turn.chatType}:${turn.teacherTask ?? ''}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the conversation's last question
  useEffect(() => {
    if (!turn) return;
    setChatType(turn.chatType);
    if (!turn.teacherTask) setTask(null);
  }, [turnKey]);

  const startNew = () => {
    setConversationId(null);
    setChatType(defaultChatType(target?.scene ?? 'CourseQA'));
    setTask(null);
    setListOpen(false);
  };

  const ctx = context.data;
  const isTeacher = !!ctx?.isTeacher;
  const isMentor = target?.scene === 'CareerMentorQA';
  const kbVisible =
    !!ctx && !!target && knowledgeToggleVisible({ scene: target.scene, isTeacher }) && ctx.hasKnowledge;

  const send = (query: string, files: Parameters<typeof session.send>[1]) => {
    if (!target) return Promise.resolve(ASSISTANT_MSG.courseRequired);
    const teacherTask: TeacherTask | undefined = task?.key;
    return session.send(
      {
        scene: target.scene,
        courseId: target.courseId,
        contentId: target.contentId,
        homeworkId: target.homeworkId,
        chatType,
        teacherTask,
        query,
        fileIds: files.map((f) => f.fileId),
        knowledge: kbVisible && knowledge,
      },
      files,
    );
  };

  const placeholder = task?.hint ?? CHAT_TYPE_INFO[chatType].hint;
  const blocked = !ctx ? null : ctx.remaining <= 0 ? ASSISTANT_MSG.userQuotaExceeded : null;

  const empty = (
    <div className="chat-empty" data-testid="chat-empty">
      <p className="chat-empty__hello">{greeting ?? `你好，我是${name}。`}</p>
      {target && ANSWER_SCENES.includes(target.scene) && (
        <p className="chat-empty__guard" data-testid="chat-guard-note">
          你正在作答：我会用提问和提示引导你思考，不会直接给出本次作业的答案。
        </p>
      )}
      {isTeacher && ctx ? (
        <TeacherMenu
          context={ctx}
          onStartTask={(entry) => {
            startNew();
            setChatType(entry.chatType);
            setTask(entry);
            setFocusKey(`${entry.key}:${Date.now()}`);
          }}
          onOpenPanel={(kind) => setPanel(kind)}
        />
      ) : !isMentor ? (
        <ul className="chat-empty__groups" aria-label="可以问我">
          {STUDENT_PROMPT_GROUPS.map((g) => (
            <li key={g.key}>
              <strong>{g.title}</strong>
              <span>{g.description}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );

  const toolbar = (
    <div className="chat-toolbar">
      {ctx && !isTeacher && !isMentor && <ChatTypePicker value={chatType} onChange={setChatType} />}
      {task && (
        <span className="chat-types__current" data-testid="chat-task-current">
          {task.label}
          <button
            type="button"
            aria-label={`结束「${task.label}」，改为教学问答`}
            onClick={() => {
              setTask(null);
              setChatType('teacherQa');
            }}
          >
            <CloseOutlined aria-hidden />
          </button>
        </span>
      )}
      {kbVisible && (
        <span className="chat-kb">
          <Switch
            id={kbId}
            size="small"
            checked={knowledge}
            onChange={setKnowledge}
            data-testid="chat-knowledge"
          />
          <label htmlFor={kbId}>知识库</label>
        </span>
      )}
    </div>
  );

  let body: ReactNode;
  if (!target) {
    body = (
      <p className="chat-state" data-testid="chat-pick-course">
        请先选择一门课程，再向{name}提问。
      </p>
    );
  } else if (context.isPending) {
    body = (
      <div className="chat-state" role="status">
        <Spin size="small" /> 正在准备{name}…
      </div>
    );
  } else if (context.isError || !ctx) {
    body = (
      <p className="chat-state is-error" role="alert" data-testid="chat-context-error">
        {errorMessage(context.error)}
      </p>
    );
  } else if (!ctx.hasAiPerm) {
    body = (
      <p className="chat-state is-error" role="alert" data-testid="chat-context-error">
        {ASSISTANT_MSG.notEnabled}
      </p>
    );
  } else if (panel) {
    body = (
      <div className="chat-teacher-panel" data-testid="chat-teacher-panel">
        <Suspense
          fallback={
            <div className="chat-state" role="status">
              <Spin size="small" /> 正在打开…
            </div>
          }
        >
          <TeacherPanel kind={panel} courseId={ctx.courseId} onClose={() => setPanel(null)} />
        </Suspense>
      </div>
    );
  } else {
    const list = (
      <ConversationList
        target={target}
        activeId={conversationId}
        onPick={(c) => {
          setConversationId(c.id);
          setListOpen(false);
        }}
        onNew={startNew}
        onDeleted={(id) => {
          if (id === conversationId) startNew();
        }}
      />
    );
    const chat = (
      <div className="chat-main">
        <MessageList
          messages={session.messages}
          assistantName={name}
          announcement={session.announcement}
          hasOlder={!!session.query.hasNextPage}
          loadingOlder={session.query.isFetchingNextPage}
          onLoadOlder={() => void session.query.fetchNextPage()}
          empty={
            conversationId !== null && session.query.isPending ? (
              <div className="chat-state" role="status">
                <Spin size="small" /> 正在加载对话…
              </div>
            ) : (
              empty
            )
          }
        />
        <Sender
          placeholder={placeholder}
          answering={session.answering}
          stoppable={session.stoppable}
          stopping={session.stopping}
          onStop={() => void session.stop()}
          onSend={send}
          blocked={blocked}
          remaining={ctx.remaining}
          toolbar={toolbar}
          focusKey={focusKey}
        />
      </div>
    );
    body =
      layout === 'page' ? (
        <div className="chat-page-grid">
          <aside className="chat-page-grid__side">{list}</aside>
          {chat}
        </div>
      ) : listOpen ? (
        <div id={listId} className="chat-panel-list">
          {list}
        </div>
      ) : (
        chat
      );
  }

  return (
    <div className={`chat chat--${layout}`} data-testid="assistant-chat">
      {/* the career mentor's page has no course and no list buttons here: no empty bar then */}
      {(layout === 'panel' || picker || ctx?.courseName) && (
        <div className="chat-bar">
          <div className="chat-bar__where">
            {picker ?? (
              <span className="chat-bar__course" data-testid="chat-course">
                {ctx?.courseName ?? ''}
              </span>
            )}
          </div>
          {target && ctx?.hasAiPerm && !panel && layout === 'panel' && (
            <>
              <Button
                size="small"
                type={listOpen ? 'primary' : 'default'}
                icon={<MessageOutlined />}
                aria-expanded={listOpen}
                aria-controls={listOpen ? listId : undefined}
                onClick={() => setListOpen(!listOpen)}
                data-testid="chat-toggle-list"
              >
                会话
              </Button>
              <Button size="small" icon={<PlusOutlined />} onClick={startNew} data-testid="chat-new-top">
                新对话
              </Button>
            </>
          )}
        </div>
      )}
      {notice}
      {body}
    </div>
  );
}
