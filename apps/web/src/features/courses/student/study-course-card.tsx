import { InboxOutlined, PushpinFilled, PushpinOutlined, RollbackOutlined } from '@ant-design/icons';
import { COURSES_MSG, type StudyCourse } from '@uplus/shared';
import { Button } from 'antd';
import { Link } from 'react-router';
import { courseDateRange, courseTypeTitle, studentCoursePath } from '../course-model';
import { CourseCover } from '../course-parts';

type Props = {
  course: StudyCourse;
  /** the active list: pin toggle and 归档; the archive: 恢复 */
  mode: 'active' | 'archived';
  busy: boolean;
  onToggleFocus?: (course: StudyCourse) => void;
  onArchive?: (course: StudyCourse) => void;
  onRestore?: (course: StudyCourse) => void;
};

/**
 * A course card of the student's lists (spec 2.10): cover, name, dates, creator, corner mark 理论/实践; in
 * the active list a pin toggle and 归档, in the archive 恢复. The name opens the course.
 */
export function StudyCourseCard({ course, mode, busy, onToggleFocus, onArchive, onRestore }: Props) {
  const titleId = `course-${course.id}-name`;
  return (
    <article
      className="course-card"
      aria-labelledby={titleId}
      data-testid="study-course"
      data-course-id={course.id}
    >
      <Link to={studentCoursePath(course.id)} className="course-card__link">
        <CourseCover style={course.coverStyle} name={course.name} />
        <div className="course-card__body">
          <h2 className="course-card__name" id={titleId} title={course.name}>
            {course.name}
          </h2>
          <p className="course-card__meta">{courseDateRange(course.startTime, course.endTime)}</p>
          <p className="course-card__meta">教师：{course.creator}</p>
          {course.className && <p className="course-card__meta">教学班：{course.className}</p>}
        </div>
      </Link>
      <span
        className={`course-card__corner course-card__corner--${course.type}`}
        data-testid="course-type-mark"
      >
        {courseTypeTitle(course.type)}
      </span>
      {mode === 'active' && course.focus && (
        <span className="course-card__pin-mark" data-testid="course-pinned">
          已置顶
        </span>
      )}
      <div className="course-card__foot">
        {mode === 'active' ? (
          <>
            <Button
              type="text"
              size="small"
              icon={course.focus ? <PushpinFilled aria-hidden /> : <PushpinOutlined aria-hidden />}
              aria-pressed={course.focus}
              disabled={busy}
              onClick={() => onToggleFocus?.(course)}
              data-testid="course-focus"
            >
              {course.focus ? '取消置顶' : '置顶'}
            </Button>
            <Button
              type="text"
              size="small"
              icon={<InboxOutlined aria-hidden />}
              disabled={busy}
              onClick={() => onArchive?.(course)}
              data-testid="course-archive"
            >
              归档
            </Button>
          </>
        ) : course.courseArchived ? (
          // the teacher archived the whole course: nothing for the student to restore
          <span className="course-card__meta" data-testid="course-archived-by-teacher">
            {COURSES_MSG.archivedByTeacher}
          </span>
        ) : (
          <Button
            type="text"
            size="small"
            icon={<RollbackOutlined aria-hidden />}
            disabled={busy}
            onClick={() => onRestore?.(course)}
            data-testid="course-restore"
          >
            恢复
          </Button>
        )}
      </div>
    </article>
  );
}
