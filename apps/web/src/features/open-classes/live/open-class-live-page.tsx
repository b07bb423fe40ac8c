import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useOpenCourse } from '../api';
import { seriesLivePath } from '../open-class-model';
import { CourseHeader, Introduction, Lecturers } from './course-header';
import { PageState } from './course-state';
import { LiveRoom } from './live-room';
import { VideoCourse } from './video-course';
import '../../courses/courses.css';
import '../open-classes.css';
import { Navigate } from 'react-router';

/**
 * openclasslive?id= (spec 2.2): a single-live or video course. The header with 订阅; a video course's player
 * and video list (progress as a rounded percent), or the single session's live room.
 */
export function OpenClassLivePage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const course = useOpenCourse(id);
  const [percent, setPercent] = useState<number | undefined>(undefined);
  const data = course.data;
  if (data?.liveMode === 'SeriesLive') return <Navigate to={seriesLivePath(data.id)} replace />;
  const session = data?.sessions[0];
  return (
    <div className="oc-detail">
      <PageState query={course}>
        {data && (
          <>
            <CourseHeader
              course={data}
              progressPercent={data.liveMode === 'Video' && data.subscribed ? percent : undefined}
            />
            {data.liveMode === 'Video' ? (
              <VideoCourse course={data} onPercent={setPercent} />
            ) : (
              <section className="oc-section" aria-labelledby="oc-room-title">
                <h2 id="oc-room-title">直播间</h2>
                {session ? <LiveRoom sessionId={session.id} /> : <p>直播安排待定</p>}
              </section>
            )}
            <Lecturers course={data} />
            <Introduction course={data} />
          </>
        )}
      </PageState>
    </div>
  );
}
