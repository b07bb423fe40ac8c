import { RightOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useOpenCourse } from '../api';
import { seriesSessionPath, spanText } from '../open-class-model';
import { CourseHeader, Introduction, Lecturers } from './course-header';
import { PageState } from './course-state';
import { RoomStatusTag } from './live-room';
import '../../courses/courses.css';
import '../open-classes.css';

/**
 * classopenserieslive?id= (spec 2.1, background #F7F8FD): a series' header, its sessions with their status
 * tags, each opening its room (serieslivedetail?id=<session>).
 */
export function SeriesLivePage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const course = useOpenCourse(id, true);
  const data = course.data;
  return (
    <div className="oc-detail">
      <PageState query={course}>
        {data && (
          <>
            <CourseHeader course={data} />
            <section className="oc-section" aria-labelledby="oc-sessions-title">
              <h2 id="oc-sessions-title">直播课次</h2>
              {data.sessions.length === 0 ? (
                <p>直播安排待定</p>
              ) : (
                <ol className="oc-sessions" data-testid="series-sessions">
                  {data.sessions.map((s, i) => (
                    <li key={s.id}>
                      <Link to={seriesSessionPath(s.id)} className="oc-session" data-testid="series-session">
                        <span>
                          <span className="oc-session__title">
                            第{i + 1}讲 {s.title}
                          </span>
                          <br />
                          <span className="oc-card__meta">{spanText(s.startAt, s.endAt) || '时间待定'}</span>
                        </span>
                        <span className="oc-manage-row">
                          <RoomStatusTag status={s.roomStatus} title={s.roomStatusTitle} />
                          <RightOutlined aria-hidden />
                        </span>
                      </Link>
                    </li>
                  ))}
                </ol>
              )}
            </section>
            <Lecturers course={data} />
            <Introduction course={data} />
          </>
        )}
      </PageState>
    </div>
  );
}
