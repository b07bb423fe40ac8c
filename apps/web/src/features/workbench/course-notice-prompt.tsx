import type { Notice } from '@uplus/shared';
import { useEffect, useRef, useState } from 'react';
import { useUnreadCourseNotices } from '../messages/api';
import { CourseNoticeDialog } from './course-notice-dialog';
import { noticePrompt } from './notice-prompt-state';

/**
 * On entering the workbench, the caller's unread course notices (smallBell) open in the 课程通知 dialog,
 * newest first, once per visit. The list is kept as it was when the dialog opened: notices marked read
 * while reading stay in it. Nothing shows while asking, when there are none, or when asking fails.
 */
export function CourseNoticePrompt() {
  const unread = useUnreadCourseNotices(true);
  const [shown, setShown] = useState<{ notices: Notice[]; more: number } | null>(null);
  const [open, setOpen] = useState(false);
  const prompted = useRef(false);

  useEffect(() => {
    noticePrompt.mounted();
    return () => noticePrompt.unmounted();
  }, []);

  const data = unread.data;
  const failed = unread.isError;
  useEffect(() => {
    if (prompted.current) return;
    if (failed || (data && data.rows.length === 0)) {
      noticePrompt.nothingToShow();
      return;
    }
    if (!data) return;
    prompted.current = true;
    setShown({ notices: data.rows, more: Math.max(data.total - data.rows.length, 0) });
    setOpen(true);
    noticePrompt.opened();
  }, [data, failed]);

  if (!shown) return null;
  return (
    <CourseNoticeDialog
      open={open}
      onClose={() => {
        setOpen(false);
        noticePrompt.closed();
      }}
      notices={shown.notices}
      more={shown.more}
    />
  );
}
