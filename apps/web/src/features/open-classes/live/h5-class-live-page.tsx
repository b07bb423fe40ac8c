import { LIVE_MODE_TITLES, OPEN_CLASS_MSG, type OpenCourseDetail } from '@uplus/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useOpenCourse } from '../api';
import { dateTimeText } from '../open-class-model';
import { SubscribeButton } from '../portal/subscribe-button';
import { PageState } from './course-state';
import { LiveRoom, RoomStatusTag } from './live-room';
import { VideoCourse } from './video-course';
import '../../courses/courses.css';
import '../open-classes.css';

/** The session a phone opens first: the one living, else the next to come, else the last. */
const firstSessionOf = (course: OpenCourseDetail) =>
  course.sessions.find((s) => s.roomStatus === 'Living') ??
  course.sessions.find((s) => s.roomStatus === 'LiveNotStart') ??
  course.sessions.at(-1);

/**
 * /h5/classlive?id=<course> (直播详情, no header or footer, phone width): the course's room in one column;
 * a series lists its sessions to switch between (sessionId in the address); a video course its videos.
 */
export function H5ClassLivePage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const course = useOpenCourse(id);
  const [percent, setPercent] = useState<number | null>(null);
  const data = course.data;
  const chosen =
    data?.sessions.find((s) => s.id === params.get('sessionId')) ?? (data && firstSessionOf(data));
  return (
    <div className="oc-h5" data-testid="h5-class-live">
      <PageState query={course}>
        {data && (
          <>
            <h1>{data.name}</h1>
            <div className="oc-card__tags" style={{ marginBottom: 8 }}>
              <span className="oc-tag">{OPEN_CLASS_MSG.careerTag}</span>
              <span className="oc-tag oc-tag--muted">{LIVE_MODE_TITLES[data.liveMode]}</span>
              {percent !== null && data.subscribed && <span className="oc-tag">已学习 {percent}%</span>}
            </div>
            <p className="oc-card__meta">开课时间：{dateTimeText(data.startAt) || '待定'}</p>
            <p className="oc-card__meta">主办方：{data.organiserName}</p>
            {data.status === 'Online' && (
              <p>
                <SubscribeButton
                  courseId={data.id}
                  courseName={data.name}
                  subscribed={data.subscribed}
                  subscriptionId={data.subscriptionId}
                />
              </p>
            )}
            {data.liveMode === 'Video' ? (
              <VideoCourse course={data} onPercent={setPercent} />
            ) : chosen ? (
              <LiveRoom key={chosen.id} sessionId={chosen.id} compact />
            ) : (
              <p>直播安排待定</p>
            )}
            {data.liveMode === 'SeriesLive' && data.sessions.length > 1 && (
              <section aria-labelledby="h5-sessions" style={{ marginTop: 16 }}>
                <h2 id="h5-sessions" style={{ fontSize: 16 }}>
                  全部课次
                </h2>
                <ol className="oc-sessions">
                  {data.sessions.map((s) => (
                    <li key={s.id}>
                      <button
                        type="button"
                        className="oc-session"
                        style={{
                          width: '100%',
                          border: 0,
                          cursor: 'pointer',
                          font: 'inherit',
                          textAlign: 'left',
                        }}
                        aria-current={s.id === chosen?.id}
                        onClick={() => {
                          const next = new URLSearchParams(params);
                          next.set('sessionId', s.id);
                          setParams(next, { replace: true });
                        }}
                      >
                        <span className="oc-session__title">{s.title}</span>
                        <RoomStatusTag status={s.roomStatus} title={s.roomStatusTitle} />
                      </button>
                    </li>
                  ))}
                </ol>
              </section>
            )}
            {data.lecturers.length > 0 && (
              <section aria-labelledby="h5-lecturers" style={{ marginTop: 16 }}>
                <h2 id="h5-lecturers" style={{ fontSize: 16 }}>
                  讲师介绍
                </h2>
                {data.lecturers.map((l) => (
                  <p key={l.id}>
                    <strong>{l.name}</strong> {l.title}
                    <br />
                    <span className="oc-card__meta" style={{ whiteSpace: 'pre-line' }}>
                      {l.introduction}
                    </span>
                  </p>
                ))}
              </section>
            )}
          </>
        )}
      </PageState>
    </div>
  );
}
