import { BookOutlined, FileTextOutlined, ReadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useMyCourses } from './api';
import { ListStates, NotForStudents, useMayTeach } from './page-states';
import './teacher-course.css';

/** Address of a homework page. */
export const homeworkPath = (courseId: string, homeworkId: string) =>
  `/u/teacherGr/course/${encodeURIComponent(courseId)}/homework/${encodeURIComponent(homeworkId)}`;

/** Address of an exercise-set page. */
export const exerciseSetPath = (courseId: string, setId: string) =>
  `/u/teacherGr/course/${encodeURIComponent(courseId)}/exerciseSet/${encodeURIComponent(setId)}`;

/** 我的课程 (/u/teacherGr/group): the teacher's courses, each with its homeworks and exercise sets. */
export function TeacherGroupPage() {
  const mayTeach = useMayTeach();
  const courses = useMyCourses(mayTeach);
  if (!mayTeach) return <NotForStudents />;

  return (
    <section className="teacher-course" aria-labelledby="teacher-group-title">
      <header className="teacher-course__head">
        <h1 id="teacher-group-title">我的课程</h1>
        <Link to="/u/teacherGr/exerciseLibs">我的题库</Link>
      </header>
      <ListStates
        query={courses}
        loadingText="正在加载课程…"
        isEmpty={(list) => list.length === 0}
        emptyText="暂无课程"
      >
        {(list) => (
          <ul className="teacher-courses">
            {list.map((course) => (
              <li key={course.id} className="teacher-courses__item" data-testid="teacher-course">
                <h2>
                  <BookOutlined aria-hidden /> {course.name}
                </h2>
                <div className="teacher-courses__groups">
                  <section aria-label={`${course.name} 作业`}>
                    <h3>作业</h3>
                    {course.homeworks.length === 0 ? (
                      <p className="teacher-courses__none">暂无作业</p>
                    ) : (
                      <ul>
                        {course.homeworks.map((h) => (
                          <li key={h.id}>
                            <FileTextOutlined aria-hidden />{' '}
                            <Link to={homeworkPath(course.id, h.id)}>{h.name}</Link>
                          </li>
                        ))}
                      </ul>
                    )}
                  </section>
                  <section aria-label={`${course.name} 练习集`}>
                    <h3>练习集</h3>
                    {course.exerciseSets.length === 0 ? (
                      <p className="teacher-courses__none">暂无练习集</p>
                    ) : (
                      <ul>
                        {course.exerciseSets.map((s) => (
                          <li key={s.id}>
                            <ReadOutlined aria-hidden />{' '}
                            <Link to={exerciseSetPath(course.id, s.id)}>{s.name}</Link>
                          </li>
                        ))}
                      </ul>
                    )}
                  </section>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}
