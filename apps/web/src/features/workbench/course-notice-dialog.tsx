import { formatDate, type Notice } from '@uplus/shared';
import { Button, Empty, Modal, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/http';
import { useMarkMessagesRead, useNotice } from '../messages/api';
import './course-notice.css';

/** The dialog's title (spec 001 section 2.9 'course notice'). */
export const COURSE_NOTICE_TITLE = '课程通知';

type Props = {
  open: boolean;
  onClose: () => void;
  /** the notices to show, one at a time, in this order */
  notices: readonly Notice[];
  /** the notices are still being fetched */
  loading?: boolean;
  /** fetching them failed: its message is shown with 重试 */
  error?: unknown;
  onRetry?: () => void;
  /** unread notices beyond those given (shown as a hint towards the message page) */
  more?: number;
};

/**
 * 课程通知: one notice at a time (title, course, publisher, publish date, content), with 上一条 / 下一条
 * when there are several (also ← and →) and 知道了 to close (also Esc). A notice is marked read, once,
 * when it is shown: showing it is opening it. Focus moves to the shown notice's title, so a screen reader
 * reads the new notice after 上一条 / 下一条; closing returns focus to where it was (antd Modal).
 */
export function CourseNoticeDialog({ open, onClose, notices, loading, error, onRetry, more = 0 }: Props) {
  const [index, setIndex] = useState(0);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const marked = useRef(new Set<string>());
  const { mutate: markRead } = useMarkMessagesRead();

  const count = notices.length;
  const at = Math.min(index, Math.max(count - 1, 0));
  const current = !loading && !error ? notices[at] : undefined;

  useEffect(() => {
    if (!open || !current || current.read || marked.current.has(current.id)) return;
    marked.current.add(current.id);
    markRead({ noticeIds: [current.id] });
  }, [open, current, markRead]);

  // after 上一条 / 下一条 (and once the notice has loaded), the new notice's title takes the focus
  const currentId = current?.id;
  // (a tick later: the dialog first notes where focus was, to give it back on closing)
  useEffect(() => {
    if (!open || !currentId) return;
    const timer = window.setTimeout(() => titleRef.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [open, currentId]);

  const go = (step: number) => setIndex(Math.min(Math.max(at + step, 0), count - 1));
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (count < 2) return;
    if (e.key === 'ArrowLeft') go(-1);
    else if (e.key === 'ArrowRight') go(1);
  };

  let body: React.ReactNode;
  if (loading) {
    body = (
      <div className="course-notice__status" role="status">
        <Spin />
        <span>正在加载通知…</span>
      </div>
    );
  } else if (error) {
    body = (
      <div className="course-notice__status" role="alert">
        <span>{errorMessage(error)}</span>
        {onRetry && <Button onClick={onRetry}>重试</Button>}
      </div>
    );
  } else if (!current) {
    body = <Empty description="暂无课程通知" />;
  } else {
    body = (
      <article className="course-notice__notice" aria-labelledby={`course-notice-${current.id}`}>
        <h3
          id={`course-notice-${current.id}`}
          ref={titleRef}
          tabIndex={-1}
          className="course-notice__title"
          data-testid="course-notice-title"
        >
          {current.title}
        </h3>
        <p className="course-notice__meta">
          <span>{current.courseName}</span>
          <span>{current.publisherName}</span>
          <time dateTime={new Date(current.publishAt).toISOString()} data-testid="course-notice-date">
            发布于 {formatDate(current.publishAt, '{y}-{m}-{d} {h}:{i}')}
          </time>
        </p>
        <div className="course-notice__content" data-testid="course-notice-content">
          {current.content}
        </div>
      </article>
    );
  }

  const footer = (
    <div className="course-notice__footer">
      {count > 1 && !loading && !error && (
        <div className="course-notice__pager">
          <Button onClick={() => go(-1)} disabled={at === 0} data-testid="course-notice-prev">
            上一条
          </Button>
          <span className="course-notice__position" aria-live="polite">
            第 {at + 1} / {count} 条
          </span>
          <Button onClick={() => go(1)} disabled={at === count - 1} data-testid="course-notice-next">
            下一条
          </Button>
        </div>
      )}
      <Button type="primary" onClick={onClose} data-testid="course-notice-close">
        知道了
      </Button>
    </div>
  );

  return (
    <Modal
      open={open}
      title={COURSE_NOTICE_TITLE}
      onCancel={onClose}
      footer={footer}
      width={560}
      destroyOnHidden
      afterOpenChange={(isOpen) => {
        if (!isOpen) setIndex(0);
      }}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: ← / → are a shortcut; the buttons do the same */}
      <div className="course-notice" data-testid="course-notice-dialog" onKeyDown={onKeyDown}>
        {body}
        {more > 0 && (
          <p className="course-notice__more">
            另有 {more} 条未读通知，<Link to="/message/index">到消息页查看</Link>
          </p>
        )}
      </div>
    </Modal>
  );
}

/** 课程通知 for one notice by id (a course message on the message page): loading, failure and retry. */
export function NoticeByIdDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const query = useNotice(id);
  return (
    <CourseNoticeDialog
      open={!!id}
      onClose={onClose}
      notices={query.data ? [query.data] : []}
      loading={query.isPending && !!id}
      error={query.isError ? query.error : undefined}
      onRetry={() => void query.refetch()}
    />
  );
}
