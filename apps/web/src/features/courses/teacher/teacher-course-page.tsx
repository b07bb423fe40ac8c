import { EditOutlined, InboxOutlined, RollbackOutlined } from '@ant-design/icons';
import { COURSE_TYPE_TITLES, COURSES_MSG, type CourseDetail, type TeachingCourse } from '@uplus/shared';
import { Button, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { lazyPart } from '../../../components/lazy-part';
import { useToast } from '../../../lib/toast';
import { useOrganPermissions } from '../../assistants/api';
import { useAssistantScene } from '../../assistants/scene';
import { assistantTabsShown } from '../../assistants/teacher/knowledge-base-gate';
import { CourseCrumbs, NotForStudents, useMayTeach } from '../../question-bank/teacher-course/page-states';
import { useArchiveTeachingCourse, useCourseDetail } from '../api';
import { courseDateRange } from '../course-model';
import { CourseCover, ListState, useConfirm } from '../course-parts';
import { ClassesSection } from './classes-section';
import { CourseFormDialog } from './course-form-dialog';
import { HomeworkSection } from './homework-section';
import { NoticesSection } from './notices-section';
import { RosterSection } from './roster-section';
import '../courses.css';

const SECTIONS = [
  { key: 'classes', label: '教学班' },
  { key: 'students', label: '学生' },
  { key: 'homework', label: '作业' },
  { key: 'notices', label: '课程通知' },
  { key: 'knowledge', label: '知识库' },
  { key: 'usage', label: 'AI助手使用' },
] as const;
type SectionKey = (typeof SECTIONS)[number]['key'];
/** The sections that belong to the AI assistant: shown only where the organisation has it (spec 6). */
const ASSISTANT_SECTIONS: readonly SectionKey[] = ['knowledge', 'usage'];

const sectionOf = (value: string | null, shown: readonly { key: SectionKey }[]): SectionKey =>
  shown.find((s) => s.key === value)?.key ?? 'classes';

// The assistant's tabs load when first shown: the course page itself stays small.
const KnowledgeBaseTab = lazyPart(
  async () => (await import('../../assistants/teacher/knowledge-base')).KnowledgeBaseTab,
);
const UsageTab = lazyPart(async () => (await import('../../assistants/teacher/usage')).UsageTab);

/** The course's id as the assistant's calls take it (a positive whole number), else null. */
const numericId = (courseId: string): number | null =>
  /^[1-9]\d{0,15}$/.test(courseId) ? Number(courseId) : null;

/**
 * A teacher's course (/u/teacherGr/course/{courseId}): its head (name, type, dates, 编辑) and its sections
 * 教学班, 学生, 作业 and 课程通知 as tabs (the tab kept in the address). Another teacher's course, or one that
 * does not exist, answers 404 and the page says so with the way back.
 */
export function TeacherCoursePage() {
  const mayTeach = useMayTeach();
  const { courseId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const detail = useCourseDetail(courseId, mayTeach);
  const [editing, setEditing] = useState<TeachingCourse | null>(null);
  const archive = useArchiveTeachingCourse();
  const toast = useToast();
  const confirm = useConfirm();
  const assistantCourseId = numericId(courseId);
  const isTeacher = mayTeach && detail.data?.role === 'Teacher';
  // The teaching assistant answers in this course (TeacherQA) while its teacher is on the page.
  useAssistantScene(
    isTeacher && assistantCourseId !== null ? { scene: 'TeacherQA', courseId: assistantCourseId } : null,
  );
  // Spec 6: the assistant (and so its knowledge base and usage) only where the organisation's QA bot is on.
  const permissions = useOrganPermissions(mayTeach);
  const assistantOn = assistantCourseId !== null && assistantTabsShown(permissions);
  const shown = SECTIONS.filter((s) => assistantOn || !ASSISTANT_SECTIONS.includes(s.key));
  if (!mayTeach) return <NotForStudents />;

  const askArchive = (course: CourseDetail) =>
    confirm.ask({
      title: course.archived ? '恢复课程' : '归档课程',
      content: course.archived
        ? `确定恢复《${course.name}》吗？恢复后学生可以重新看到并进入该课程。`
        : `确定归档《${course.name}》吗？归档后课程不再接受新学生，学生会在“归档课程”中看到它；可随时恢复。`,
      okText: course.archived ? '恢复' : '归档',
      danger: !course.archived,
      onConfirm: async () => {
        await archive.mutateAsync({ courseId: course.id, archive: !course.archived });
        toast.success(course.archived ? COURSES_MSG.restored : COURSES_MSG.archived);
      },
    });
  const section = sectionOf(params.get('tab'), shown);

  return (
    <section className="courses-page" aria-labelledby="course-title">
      <CourseCrumbs courseName={detail.data?.name} />
      <ListState
        query={detail}
        loadingText="正在加载课程…"
        isEmpty={(course) => course.role !== 'Teacher'}
        notFound={<Link to="/u/teacherGr/group">返回我的课程</Link>}
        empty={
          <>
            <span>只有本课程的教师可以管理课程</span>
            <Link to="/u/teacherGr/group">返回我的课程</Link>
          </>
        }
      >
        {(course) => (
          <>
            <header className="course-head">
              <CourseCover style={course.coverStyle} className="course-head__cover" />
              <div className="course-head__info">
                <h1 id="course-title">
                  {course.name} {course.archived && <Tag>已归档</Tag>}
                </h1>
                <dl className="course-head__facts">
                  <div>
                    <dt>类型</dt>
                    <dd data-testid="course-type">{COURSE_TYPE_TITLES[course.type]}</dd>
                  </div>
                  <div>
                    <dt>时间</dt>
                    <dd>{courseDateRange(course.startTime, course.endTime)}</dd>
                  </div>
                  <div>
                    <dt>教师</dt>
                    <dd>{course.creator}</dd>
                  </div>
                </dl>
                <div className="course-head__actions">
                  {!course.archived && (
                    <Button
                      icon={<EditOutlined aria-hidden />}
                      onClick={() =>
                        setEditing({
                          id: course.id,
                          name: course.name,
                          type: course.type,
                          startTime: course.startTime,
                          endTime: course.endTime,
                          coverStyle: course.coverStyle,
                          archived: course.archived,
                          classCount: 0,
                          studentCount: 0,
                          createdAt: 0,
                        })
                      }
                      data-testid="course-edit"
                    >
                      编辑课程
                    </Button>
                  )}
                  <Button
                    icon={course.archived ? <RollbackOutlined aria-hidden /> : <InboxOutlined aria-hidden />}
                    onClick={() => askArchive(course)}
                    data-testid="course-archive-toggle"
                  >
                    {course.archived ? '恢复课程' : '归档课程'}
                  </Button>
                </div>
              </div>
            </header>
            <Tabs
              activeKey={section}
              onChange={(key) => setParams(key === 'classes' ? {} : { tab: key }, { replace: true })}
              items={shown.map((s) => ({
                key: s.key,
                label: s.label,
                children:
                  s.key === 'classes' ? (
                    <ClassesSection courseId={course.id} archived={course.archived} />
                  ) : s.key === 'students' ? (
                    <RosterSection courseId={course.id} />
                  ) : s.key === 'homework' ? (
                    <HomeworkSection courseId={course.id} />
                  ) : s.key === 'notices' ? (
                    <NoticesSection courseId={course.id} archived={course.archived} />
                  ) : assistantCourseId === null ? null : s.key === 'knowledge' ? (
                    <KnowledgeBaseTab courseId={assistantCourseId} />
                  ) : (
                    <UsageTab courseId={assistantCourseId} />
                  ),
              }))}
              destroyOnHidden
            />
          </>
        )}
      </ListState>
      <CourseFormDialog target={editing} onClose={() => setEditing(null)} />
      {confirm.dialog}
    </section>
  );
}
