import { LeftOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useLiveInfo } from '../api';
import { coursePathOf } from '../open-class-model';
import { PageState } from './course-state';
import { LiveRoom } from './live-room';
import '../../courses/courses.css';
import '../open-classes.css';

/** serieslivedetail?id=<session> (no footer): one session's room, with the way back to its series. */
export function SeriesLiveDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const info = useLiveInfo(id);
  const data = info.data;
  return (
    <div className="oc-detail">
      <PageState query={info}>
        {data && (
          <>
            <nav aria-label="返回">
              <Link to={coursePathOf(data.liveMode, data.openCourseId)} data-testid="back-to-course">
                <LeftOutlined aria-hidden /> {data.courseName}
              </Link>
            </nav>
            <h1 style={{ margin: '12px 0' }}>{data.title}</h1>
            <section className="oc-section" style={{ marginTop: 0 }}>
              <LiveRoom sessionId={data.id} />
            </section>
            {data.lecturers.length > 0 && (
              <section className="oc-section" aria-labelledby="oc-session-lecturers">
                <h2 id="oc-session-lecturers">讲师介绍</h2>
                <ul className="oc-lecturers">
                  {data.lecturers.map((l) => (
                    <li key={l.id}>
                      <strong>{l.name}</strong>
                      {l.title && <span className="oc-card__meta"> · {l.title}</span>}
                      {l.introduction && <p>{l.introduction}</p>}
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </PageState>
    </div>
  );
}
