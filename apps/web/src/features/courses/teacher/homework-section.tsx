import { FileTextOutlined, ReadOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useMyCourses } from '../../question-bank/teacher-course/api';
import { teacherExerciseSetPath, teacherHomeworkPath, teacherHomeworksPath } from '../course-model';
import { ListState } from '../course-parts';

/**
 * 作业: the way to the course's homework management (create, publish, grade), and the question pages of
 * its homeworks and exercise sets (where the AI generator and judge work), from GET course/courses/mine.
 */
export function HomeworkSection({ courseId }: { courseId: string }) {
  const mine = useMyCourses(true);
  return (
    <section aria-labelledby="homework-title">
      <div className="course-section-head">
        <h2 id="homework-title">作业</h2>
        <Link
          to={teacherHomeworksPath(courseId)}
          className="courses-link-btn courses-link-btn--primary"
          data-testid="course-homeworks-link"
        >
          作业管理 <RightOutlined aria-hidden />
        </Link>
      </div>
      <p className="courses-field__hint">
        在作业管理中布置作业、设置截止时间、发布和批改；下面是各作业和练习集的题目页。
      </p>
      <ListState
        query={{
          ...mine,
          // a course made without homework yet is not in the list: nothing to link
          data:
            mine.data && (mine.data.find((c) => c.id === courseId) ?? { homeworks: [], exerciseSets: [] }),
        }}
        loadingText="正在加载作业…"
        isEmpty={(course) => course.homeworks.length === 0 && course.exerciseSets.length === 0}
        empty="还没有作业或练习集"
      >
        {(course) => (
          <div className="course-section-head" style={{ alignItems: 'flex-start' }}>
            <section aria-labelledby="homework-questions-title" style={{ flex: 1 }}>
              <h3 id="homework-questions-title">作业题目</h3>
              {course.homeworks.length === 0 ? (
                <p className="courses-field__hint">暂无作业</p>
              ) : (
                <ul className="homework-links">
                  {course.homeworks.map((h) => (
                    <li key={h.id}>
                      <FileTextOutlined aria-hidden />{' '}
                      <Link to={teacherHomeworkPath(courseId, h.id)}>{h.name}</Link>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="exercise-sets-title" style={{ flex: 1 }}>
              <h3 id="exercise-sets-title">练习集</h3>
              {course.exerciseSets.length === 0 ? (
                <p className="courses-field__hint">暂无练习集</p>
              ) : (
                <ul className="homework-links">
                  {course.exerciseSets.map((s) => (
                    <li key={s.id}>
                      <ReadOutlined aria-hidden />{' '}
                      <Link to={teacherExerciseSetPath(courseId, s.id)}>{s.name}</Link>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )}
      </ListState>
    </section>
  );
}
