import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type Conversation, conversationTitle, formatDate } from '@uplus/shared';
import { Button, Input, Popconfirm, Spin, Tag } from 'antd';
import { type KeyboardEvent, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { type AssistantTarget, useConversations, useDeleteConversation, useRenameConversation } from '../api';

/*
 * The user's conversations in a scene (issue 16 part 1): newest first, 20 at a time with 更多; pick one,
 * rename it in place (Enter saves, Escape cancels), delete it after a confirmation. One still being
 * answered says so.
 */

export type ConversationListProps = {
  target: AssistantTarget;
  activeId: number | null;
  onPick: (conversation: Conversation) => void;
  onNew: () => void;
  /** a conversation was deleted (the open one closes) */
  onDeleted: (id: number) => void;
};

export function ConversationList({ target, activeId, onPick, onNew, onDeleted }: ConversationListProps) {
  const list = useConversations(target);
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <nav className="chat-convs" aria-label="会话列表" data-testid="chat-conversations">
      <Button icon={<PlusOutlined />} block onClick={onNew} data-testid="chat-new">
        新对话
      </Button>
      {list.isPending ? (
        <div className="chat-convs__state" role="status">
          <Spin size="small" /> 正在加载会话…
        </div>
      ) : list.isError ? (
        <p className="chat-convs__state" role="alert">
          {errorMessage(list.error)}
        </p>
      ) : rows.length === 0 ? (
        <p className="chat-convs__state">还没有会话</p>
      ) : (
        <ul className="chat-convs__list">
          {rows.map((c) => (
            <ConversationItem
              key={c.id}
              conversation={c}
              active={c.id === activeId}
              onPick={() => onPick(c)}
              onDeleted={() => onDeleted(c.id)}
            />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button
          type="link"
          block
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
          data-testid="chat-conversations-more"
        >
          更多
        </Button>
      )}
    </nav>
  );
}

function ConversationItem({
  conversation,
  active,
  onPick,
  onDeleted,
}: {
  conversation: Conversation;
  active: boolean;
  onPick: () => void;
  onDeleted: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(conversation.title);
  const [problem, setProblem] = useState<string | null>(null);
  const rename = useRenameConversation();
  const remove = useDeleteConversation();

  const save = async () => {
    const parsed = conversationTitle.safeParse(title);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? '会话名称不正确');
      return;
    }
    if (parsed.data === conversation.title) {
      setEditing(false);
      return;
    }
    try {
      await rename.mutateAsync({ id: conversation.id, title: parsed.data });
      setEditing(false);
      setProblem(null);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing && event.keyCode !== 229) {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      setEditing(false);
      setTitle(conversation.title);
      setProblem(null);
    }
  };

  if (editing) {
    return (
      <li className="chat-conv is-editing" data-testid="chat-conversation">
        <Input
          size="small"
          autoFocus
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => void save()}
          aria-label="会话名称"
          aria-invalid={!!problem}
          status={problem ? 'error' : undefined}
          data-testid="chat-rename-input"
        />
        {problem && (
          <p className="chat-conv__problem" role="alert">
            {problem}
          </p>
        )}
      </li>
    );
  }
  return (
    <li className={`chat-conv${active ? ' is-active' : ''}`} data-testid="chat-conversation">
      <button
        type="button"
        className="chat-conv__pick"
        aria-current={active ? 'true' : undefined}
        onClick={onPick}
      >
        <span className="chat-conv__title">{conversation.title}</span>
        <span className="chat-conv__meta">
          {conversation.answering && <Tag color="processing">回答中</Tag>}
          {formatDate(conversation.updateAt, '{m}-{d} {h}:{i}')}
        </span>
      </button>
      <span className="chat-conv__tools">
        <Button
          type="text"
          size="small"
          icon={<EditOutlined />}
          aria-label={`重命名「${conversation.title}」`}
          onClick={() => {
            setTitle(conversation.title);
            setEditing(true);
          }}
          data-testid="chat-rename"
        />
        <Popconfirm
          title="删除这个会话？"
          description="删除后不能恢复"
          okText="删除"
          cancelText="取消"
          okButtonProps={{ danger: true, loading: remove.isPending }}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(conversation.id);
              onDeleted();
            } catch {
              // the client toasted the server's message; the conversation stays
            }
          }}
        >
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined />}
            aria-label={`删除「${conversation.title}」`}
            data-testid="chat-delete"
          />
        </Popconfirm>
      </span>
    </li>
  );
}
