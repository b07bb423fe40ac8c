import { BellOutlined } from '@ant-design/icons';
import { formatDate, MESSAGE_TYPE_TITLES, type MessageNotice } from '@uplus/shared';
import { Button, Empty, Pagination, Spin, Tag } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../api/http';
import { NoticeByIdDialog } from '../workbench/course-notice-dialog';
import { useMarkMessagesRead, useMessages } from './api';
import { groupByDay } from './message-groups';
import { createSeenTracker, type SeenTracker } from './seen-tracker';
import './message-page.css';

const PAGE_SIZE = 20;

const TYPE_COLOURS: Record<MessageNotice['type'], string> = {
  System: 'blue',
  Course: 'green',
  Internship: 'orange',
  Recruitment: 'purple',
};

/** How long an unread message must stay in view before it counts as read, and how long reads gather. */
export const SEEN_DWELL_MS = 800;
export const SEEN_BATCH_MS = 400;

/**
 * Marks a message read once the user has had it in view (at least half of it, for SEEN_DWELL_MS), not
 * when the list loads: a message below the fold stays unread until scrolled to. Reads go out in batches
 * (one PATCH per screenful). Returns, per message id, the ref callback its unread item attaches.
 */
const useMarkReadWhenSeen = () => {
  const { mutate } = useMarkMessagesRead();
  const send = useRef(mutate);
  send.current = mutate;
  const tracker = useRef<SeenTracker | null>(null);
  // one ref callback per message id, so a re-render does not restart an item's dwell
  const refs = useRef(new Map<string, (element: Element | null) => (() => void) | undefined>());
  useEffect(
    () => () => {
      tracker.current?.disconnect();
      tracker.current = null;
    },
    [],
  );
  return useCallback((id: string) => {
    let ref = refs.current.get(id);
    if (!ref) {
      ref = (element: Element | null) => {
        if (!element) return undefined;
        tracker.current ??= createSeenTracker({
          dwellMs: SEEN_DWELL_MS,
          batchMs: SEEN_BATCH_MS,
          threshold: 0.5,
          maxBatch: 100,
          onSeen: (ids) => send.current({ ids }),
        });
        return tracker.current.observe(id, element);
      };
      refs.current.set(id, ref);
    }
    return ref;
  }, []);
};

/**
 * /message/index: the caller's messages grouped by calendar day, newest first. An unread message is marked
 * read when it has been shown (see useMarkReadWhenSeen); the header bell follows. A message announcing a
 * notice opens it in the 课程通知 dialog, which marks the notice and that message read.
 */
export function MessagePage() {
  const [page, setPage] = useState(1);
  const messages = useMessages(page, PAGE_SIZE);
  const seenRef = useMarkReadWhenSeen();
  // the notice a course message announces, open in the 课程通知 dialog
  const [noticeId, setNoticeId] = useState<string | null>(null);

  const rows = messages.data?.rows;

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
            <li
              key={m.id}
              ref={m.read ? undefined : seenRef(m.id)}
              className={`message-item${m.read ? '' : ' is-unread'}`}
              data-testid="message-item"
            >
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
