import type { Notice } from '@uplus/shared';
import { useEffect, useRef, useState } from 'react';
import { useUnreadCourseNotices } from '../messages/api';
import { CourseNoticeDialog } from './course-notice-dialog';

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

  const data = unread.data;
  useEffect(() => {
    if (prompted.current || !data || data.rows.length === 0) return;
    prompted.current = true;
    setShown({ notices: data.rows, more: Math.max(data.total - data.rows.length, 0) });
    setOpen(true);
  }, [data]);

  if (!shown) return null;
  return (
    <CourseNoticeDialog
      open={open}
      onClose={() => setOpen(false)}
      notices={shown.notices}
      more={shown.more}
    />
  );
}
