import { COURSE_TYPE_TITLES, type CourseDetail, type StudyStatus } from '@uplus/shared';
import { Tag } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAssistantScene } from '../assistants/scene';
import { useCourseDetail, useStudyHomeworks } from './api';
import { courseDatesText, deadlineText, scoreText } from './format';
import { HomeworkPager, PageStates } from './page-states';
import { STUDENT_COURSES_PATH, studentHomeworkPath, teacherHomeworksPath } from './paths';
import './homework.css';

/** The colour of each state's tag. */
export const STUDY_STATUS_COLOR: Record<StudyStatus, string> = {
  not_started: 'default',
  in_progress: 'blue',
  submitted: 'blue',
  graded: 'green',
  closed: 'red',
};

/** A way back in the crumbs. */
export type Crumb = { to: string; text: string };

/** The crumbs of a page: the ways back, then the page itself. */
export function Crumbs({ trail, current }: { trail: Crumb[]; current: string }) {
  return (
    <nav className="hw-crumbs" aria-label="位置">
      {trail.map((c) => (
        <span key={c.to}>
          <Link to={c.to}>{c.text}</Link>
          <span aria-hidden> / </span>
        </span>
      ))}
      <span aria-current="page">{current}</span>
    </nav>
  );
}

/** The course's header: crumbs, name, 理论/实践, dates and the teacher. */
export function CourseHeader({
  course,
  trail,
  current,
}: {
  course: CourseDetail;
  trail: Crumb[];
  /** the page's own crumb; the course's name by default */
  current?: string;
}) {
  return (
    <header className="hw-course-head" data-testid="course-header">
      <Crumbs trail={trail} current={current ?? course.name} />
      <div className="hw-course-head__title">
        <h1 id="hw-course-title">{course.name}</h1>
        <Tag color={course.type === 'Train' ? 'orange' : 'blue'}>{COURSE_TYPE_TITLES[course.type]}</Tag>
        {course.archived && <Tag>已归档</Tag>}
      </div>
      <dl className="hw-facts">
        <dt>开课时间</dt>
        <dd>{courseDatesText(course.startTime, course.endTime)}</dd>
        <dt>授课教师</dt>
        <dd>{course.creator}</dd>
      </dl>
    </header>
  );
}

/**
 * A student's course (/u/course/{courseId}): the course's header and its published homework with the
 * deadline, the student's state (未开始, 进行中, 已提交, 已批改, 已截止) and the score once released.
 */
export function StudentCoursePage() {
  const { courseId = '' } = useParams();
  const [page, setPage] = useState(1);
  const detail = useCourseDetail(courseId);
  const isStudent = detail.data?.role === 'Student';
  const homeworks = useStudyHomeworks(courseId, page, isStudent);
  // the study companion answers about this course (issue 16)
  useAssistantScene(
    isStudent && Number(courseId) > 0 ? { scene: 'CourseQA', courseId: Number(courseId) } : null,
  );

  return (
    <section className="hw-page" aria-labelledby="hw-course-title">
      <PageStates
        query={detail}
        loadingText="正在加载课程…"
        back={{ to: STUDENT_COURSES_PATH, text: '返回我的课程' }}
      >
        {(course) => (
          <>
            <CourseHeader course={course} trail={[{ to: STUDENT_COURSES_PATH, text: '我的课程' }]} />
            {course.role === 'Teacher' ? (
              <p className="hw-note">
                你是这门课程的教师。<Link to={teacherHomeworksPath(course.id)}>进入作业管理</Link>
              </p>
            ) : (
              <section aria-labelledby="hw-study-title" className="hw-section">
                <h2 id="hw-study-title">课程作业</h2>
                <PageStates query={homeworks} loadingText="正在加载作业…">
                  {(data) =>
                    data.total === 0 ? (
                      <p className="hw-empty" data-testid="study-empty">
                        老师还没有发布作业
                      </p>
                    ) : (
                      <>
                        <ul className="hw-list" aria-label="作业列表">
                          {data.rows.map((h) => (
                            <li key={h.id} className="hw-list__item" data-testid="study-homework">
                              <div className="hw-list__main">
                                <h3>
                                  <Link to={studentHomeworkPath(course.id, h.id)}>{h.name}</Link>
                                </h3>
                                <p className="hw-list__meta">
                                  截止时间：{deadlineText(h.deadline)} · 共{h.questionCount}题 · 满分
                                  {h.totalScore}分
                                </p>
                              </div>
                              <div className="hw-list__side">
                                <Tag color={STUDY_STATUS_COLOR[h.status]} data-testid="study-status">
                                  {h.statusText}
                                </Tag>
                                {h.score !== null && (
                                  <span className="hw-list__score" data-testid="study-score">
                                    得分 {scoreText(h.score)}/{h.totalScore}
                                  </span>
                                )}
                              </div>
                            </li>
                          ))}
                        </ul>
                        <HomeworkPager page={page} total={data.total} onChange={setPage} />
                      </>
                    )
                  }
                </PageStates>
              </section>
            )}
          </>
        )}
      </PageStates>
    </section>
  );
}
