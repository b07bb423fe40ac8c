import { SendOutlined } from '@ant-design/icons';
import { formatDate, NOTICE_CONTENT_MAX, NOTICE_TITLE_MAX, publishCourseNoticeBody } from '@uplus/shared';
import { Button, Input } from 'antd';
import { useId, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { useToast } from '../../../lib/toast';
import { NOTICE_PAGE_SIZE, useCourseNotices, usePublishNotice } from '../api';
import { ListState, Pager } from '../course-parts';

type Errors = { title?: string; content?: string };

/**
 * 课程通知: publish a notice to every student of the course (title and content required, with the shared
 * limits; the server checks again) and the course's notices, newest first, with how many students opened
 * each. What was typed stays when publishing fails.
 */
export function NoticesSection({ courseId, archived }: { courseId: string; archived: boolean }) {
  const [page, setPage] = useState(1);
  const notices = useCourseNotices(courseId, page);
  const publish = usePublishNotice(courseId);
  const toast = useToast();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const id = useId();

  const submit = async () => {
    const parsed = publishCourseNoticeBody.safeParse({ title, content });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        if (!next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setServerError(null);
    try {
      const sent = await publish.mutateAsync(parsed.data);
      toast.success(`通知已发布给 ${sent.recipientCount} 名学生`);
      setTitle('');
      setContent('');
      setPage(1);
    } catch (e) {
      setServerError(errorMessage(e));
    }
  };

  const described = (field: keyof Errors) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}-error` } : {};

  return (
    <section aria-labelledby="notices-title">
      <div className="course-section-head">
        <h2 id="notices-title">课程通知</h2>
      </div>
      {!archived && (
        <form
          className="notice-form"
          aria-label="发布课程通知"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          data-testid="notice-form"
        >
          <div className="courses-field">
            <label htmlFor={`${id}-title`} className="courses-field__required">
              通知标题
            </label>
            <Input
              id={`${id}-title`}
              value={title}
              maxLength={NOTICE_TITLE_MAX}
              showCount
              aria-required
              {...described('title')}
              onChange={(e) => {
                setTitle(e.target.value);
                setErrors((x) => ({ ...x, title: undefined }));
              }}
              onPressEnter={(e) => {
                // Enter in the title never publishes: the text is written below it
                e.preventDefault();
              }}
              data-testid="notice-title"
            />
            {errors.title && (
              <div id={`${id}-title-error`} className="courses-field__error" role="alert">
                {errors.title}
              </div>
            )}
          </div>
          <div className="courses-field">
            <label htmlFor={`${id}-content`} className="courses-field__required">
              通知内容
            </label>
            <Input.TextArea
              id={`${id}-content`}
              value={content}
              maxLength={NOTICE_CONTENT_MAX}
              showCount
              autoSize={{ minRows: 4, maxRows: 10 }}
              aria-required
              {...described('content')}
              onChange={(e) => {
                setContent(e.target.value);
                setErrors((x) => ({ ...x, content: undefined }));
              }}
              data-testid="notice-content"
            />
            {errors.content && (
              <div id={`${id}-content-error`} className="courses-field__error" role="alert">
                {errors.content}
              </div>
            )}
          </div>
          {serverError && (
            <div className="courses-field__error" role="alert" data-testid="notice-error">
              {serverError}
            </div>
          )}
          <Button
            type="primary"
            htmlType="submit"
            icon={<SendOutlined aria-hidden />}
            loading={publish.isPending}
            data-testid="notice-publish"
          >
            发布通知
          </Button>
        </form>
      )}
      <h3 className="notice-list__title">已发布的通知</h3>
      <ListState
        query={notices}
        loadingText="正在加载通知…"
        isEmpty={(data) => data.rows.length === 0}
        empty="还没有发布过通知"
      >
        {(data) => (
          <>
            <ul className="notice-list" data-testid="notice-list">
              {data.rows.map((n) => (
                <li key={n.id} className="notice-item" data-testid="notice-item">
                  <h4>{n.title}</h4>
                  <p className="notice-item__meta">
                    {formatDate(n.publishAt, '{y}-{m}-{d} {h}:{i}')} · {n.publisherName} · 已读 {n.readCount}/
                    {n.recipientCount}
                  </p>
                  <p className="notice-item__content">{n.content}</p>
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              pageSize={NOTICE_PAGE_SIZE}
              total={data.total}
              label="通知分页"
              onChange={setPage}
            />
          </>
        )}
      </ListState>
    </section>
  );
}
