import { BellOutlined } from '@ant-design/icons';
import { formatDate, MESSAGE_TYPE_TITLES, type MessageNotice } from '@uplus/shared';
import { Button, Empty, Pagination, Spin, Tag } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../api/http';
import { NoticeByIdDialog } from '../workbench/course-notice-dialog';
import { useMarkMessagesRead, useMessages } from './api';
import { groupByDay } from './message-groups';
import './message-page.css';

const PAGE_SIZE = 20;

const TYPE_COLOURS: Record<MessageNotice['type'], string> = {
  System: 'blue',
  Course: 'green',
  Internship: 'orange',
  Recruitment: 'purple',
};

/**
 * /message/index: the caller's messages grouped by calendar day, newest first. The unread messages shown
 * are marked read as they are shown (once per page); the header bell follows. A message announcing a
 * notice opens it in the 课程通知 dialog (which marks the notice read).
 */
export function MessagePage() {
  const [page, setPage] = useState(1);
  const messages = useMessages(page, PAGE_SIZE);
  const markRead = useMarkMessagesRead();
  const marked = useRef(new Set<string>());
  const { mutate } = markRead;
  // the notice a course message announces, open in the 课程通知 dialog
  const [noticeId, setNoticeId] = useState<string | null>(null);

  const rows = messages.data?.rows;
  useEffect(() => {
    const unread = (rows ?? []).filter((m) => !m.read && !marked.current.has(m.id)).map((m) => m.id);
    if (unread.length === 0) return;
    for (const id of unread) marked.current.add(id);
    mutate({ ids: unread });
  }, [rows, mutate]);

  const groups = useMemo(() => groupByDay(rows ?? []), [rows]);

  let body: React.ReactNode;
  if (messages.isPending) {
    body = (
      <div className="message-page__status" role="status">
        <Spin />
        <span>正在加载消息…</span>
      </div>
    );
  } else if (messages.isError) {
    body = (
      <div className="message-page__status" role="alert">
        <span>{errorMessage(messages.error)}</span>
        <Button onClick={() => void messages.refetch()}>重试</Button>
      </div>
    );
  } else if (groups.length === 0) {
    body = <Empty description="暂无消息" />;
  } else {
    body = groups.map((group) => (
      <section key={group.day} className="message-day" aria-labelledby={`day-${group.day}`}>
        <h2 id={`day-${group.day}`} className="message-day__title">
          {group.label}
        </h2>
        <ul className="message-day__list">
          {group.items.map((m) => (
            <li key={m.id} className={`message-item${m.read ? '' : ' is-unread'}`} data-testid="message-item">
              <Tag color={TYPE_COLOURS[m.type]} className="message-item__type">
                {MESSAGE_TYPE_TITLES[m.type]}
              </Tag>
              {m.noticeId ? (
                <button
                  type="button"
                  className="message-item__body message-item__link"
                  onClick={() => setNoticeId(m.noticeId)}
                  data-testid="message-notice-link"
                >
                  {m.body}
                  <span className="message-item__more">查看通知</span>
                </button>
              ) : (
                <p className="message-item__body">{m.body}</p>
              )}
              <time className="message-item__time" dateTime={new Date(m.timestamp).toISOString()}>
                {formatDate(m.timestamp, '{h}:{i}')}
              </time>
              {!m.read && <span className="message-item__dot" aria-label="未读" role="img" />}
            </li>
          ))}
        </ul>
      </section>
    ));
  }

  const total = messages.data?.total ?? 0;
  return (
    <section className="message-page" aria-labelledby="message-page-title">
      <header className="message-page__header">
        <BellOutlined aria-hidden className="message-page__icon" />
        <h1 id="message-page-title">系统消息</h1>
        {total > 0 && <span className="message-page__total">共 {total} 条</span>}
      </header>
      {body}
      {total > PAGE_SIZE && (
        <Pagination
          className="message-page__pager"
          current={page}
          pageSize={PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
      <NoticeByIdDialog id={noticeId} onClose={() => setNoticeId(null)} />
    </section>
  );
}
