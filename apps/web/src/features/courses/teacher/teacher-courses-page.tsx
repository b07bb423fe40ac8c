import { EditOutlined, InboxOutlined, PlusOutlined, RollbackOutlined } from '@ant-design/icons';
import { COURSE_LIMITS, COURSES_MSG, type TeachingCourse } from '@uplus/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useToast } from '../../../lib/toast';
import { NotForStudents, useMayTeach } from '../../question-bank/teacher-course/page-states';
import { TEACHING_PAGE_SIZE, useArchiveTeachingCourse, useTeachingCourses } from '../api';
import { courseDateRange, courseTypeTitle, teacherCoursePath, teacherHomeworksPath } from '../course-model';
import { CourseCover, ListState, Pager, SearchBox, useConfirm } from '../course-parts';
import { CourseFormDialog } from './course-form-dialog';
import '../courses.css';

const TABS = [
  { key: '0', label: '进行中' },
  { key: '1', label: '已归档' },
] as const;

/** One course of the teacher's list: its cover and facts; 编辑, 归档 or 恢复; its page and its homework. */
function TeachingCourseCard({
  course,
  onEdit,
  onArchive,
}: {
  course: TeachingCourse;
  onEdit: (course: TeachingCourse) => void;
  onArchive: (course: TeachingCourse) => void;
}) {
  const titleId = `teaching-course-${course.id}`;
  return (
    <article className="course-card" aria-labelledby={titleId} data-testid="teaching-course">
      <Link to={teacherCoursePath(course.id)} className="course-card__link">
        <CourseCover style={course.coverStyle} name={course.name} />
        <div className="course-card__body">
          <h2 className="course-card__name" id={titleId} title={course.name}>
            {course.name}
          </h2>
          <p className="course-card__meta">{courseDateRange(course.startTime, course.endTime)}</p>
          <p className="course-card__stats">
            <span>教学班 {course.classCount}</span>
            <span>学生 {course.studentCount}</span>
          </p>
        </div>
      </Link>
      <span className={`course-card__corner course-card__corner--${course.type}`}>
        {courseTypeTitle(course.type)}
      </span>
      <div className="course-card__foot">
        <Link
          to={teacherHomeworksPath(course.id)}
          className="courses-link-btn courses-link-btn--text"
          data-testid="teaching-course-homeworks"
        >
          作业
        </Link>
        {!course.archived && (
          <Button
            type="text"
            size="small"
            icon={<EditOutlined aria-hidden />}
            onClick={() => onEdit(course)}
            data-testid="teaching-course-edit"
          >
            编辑
          </Button>
        )}
        <Button
          type="text"
          size="small"
          icon={course.archived ? <RollbackOutlined aria-hidden /> : <InboxOutlined aria-hidden />}
          onClick={() => onArchive(course)}
          data-testid="teaching-course-archive"
        >
          {course.archived ? '恢复' : '归档'}
        </Button>
      </div>
    </article>
  );
}

/**
 * 我的课程 for teachers (/u/teacherGr/group): their courses 进行中 or 已归档 (query archived=1), searched by
 * name, paged; 新建课程 and 编辑 open the course form; 归档 and 恢复 ask first. Each course opens its page.
 */
export function TeacherCoursesPage() {
  const mayTeach = useMayTeach();
  const [params, setParams] = useSearchParams();
  const archived = params.get('archived') === '1';
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useTeachingCourses({ archived, search, page }, mayTeach);
  const archive = useArchiveTeachingCourse();
  const toast = useToast();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<'new' | TeachingCourse | null>(null);
  if (!mayTeach) return <NotForStudents />;

  const go = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in change)) next.delete('page');
    setParams(next);
  };

  const askArchive = (course: TeachingCourse) =>
    confirm.ask(
      course.archived
        ? {
            title: '恢复课程',
            content: `确定恢复《${course.name}》吗？恢复后学生可以重新看到并进入该课程。`,
            okText: '恢复',
            onConfirm: async () => {
              await archive.mutateAsync({ courseId: course.id, archive: false });
              toast.success(COURSES_MSG.restored);
            },
          }
        : {
            title: '归档课程',
            content: `确定归档《${course.name}》吗？归档后课程不再接受新学生，学生会在“归档课程”中看到它；可随时恢复。`,
            okText: '归档',
            danger: true,
            onConfirm: async () => {
              await archive.mutateAsync({ courseId: course.id, archive: true });
              toast.success(COURSES_MSG.archived);
            },
          },
    );

  return (
    <section className="courses-page" aria-labelledby="teacher-courses-title">
      <header className="courses-page__head">
        <h1 id="teacher-courses-title">我的课程</h1>
        <div className="courses-page__actions">
          <Link to="/u/teacherGr/exerciseLibs" className="courses-link-btn">
            我的题库
          </Link>
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setEditing('new')}
            data-testid="course-create"
          >
            新建课程
          </Button>
        </div>
      </header>
      <div className="courses-toolbar">
        <nav aria-label="课程状态">
          <ul className="courses-tabs">
            {TABS.map((tab) => (
              <li key={tab.key}>
                <Link
                  to={`?${new URLSearchParams(tab.key === '1' ? { archived: '1' } : {}).toString()}`}
                  aria-current={(tab.key === '1') === archived ? 'page' : undefined}
                  data-testid={`teacher-tab-${tab.key}`}
                >
                  {tab.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <SearchBox
          value={search}
          placeholder="请输入课程名称"
          label="搜索课程"
          maxLength={COURSE_LIMITS.maxSearchLength}
          onSearch={(text) => go({ search: text })}
        />
      </div>
      <ListState
        query={list}
        loadingText="正在加载课程…"
        isEmpty={(data) => data.rows.length === 0}
        empty={
          search
            ? `没有找到与“${search}”相关的课程`
            : archived
              ? '暂无已归档的课程'
              : '暂无课程，点击“新建课程”开始'
        }
      >
        {(data) => (
          <>
            <ul className="course-grid" aria-label="课程列表">
              {data.rows.map((course) => (
                <li key={course.id}>
                  <TeachingCourseCard course={course} onEdit={setEditing} onArchive={askArchive} />
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              pageSize={TEACHING_PAGE_SIZE}
              total={data.total}
              label="课程分页"
              onChange={(next) => go({ page: next > 1 ? String(next) : null })}
            />
          </>
        )}
      </ListState>
      <CourseFormDialog
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={(courseId) => {
          if (editing === 'new') navigate(teacherCoursePath(courseId));
        }}
      />
      {confirm.dialog}
    </section>
  );
}
