import { type OpenCourseDetail, type ProgressBody, progressPercentOf } from '@uplus/shared';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { reportProgress, reportProgressOnLeave, useCourseVideos, useRememberPosition } from '../api';
import { durationText } from '../open-class-model';
import type { ProgressSample } from '../player/progress-watch';
import { VideoPlayer } from '../player/video-player';

/** Texts of the video course. */
export const VIDEO_MSG = {
  subscribeToWatch: '订阅课程后即可观看视频',
  noVideos: '暂无视频',
  loading: '正在加载视频…',
} as const;

/**
 * A video course: the player (resuming at the last position) and the video list. A subscriber's position
 * is reported as progress-watch decides; the course's progress comes back with each report and is shown as
 * a rounded percent through `onPercent`.
 */
export function VideoCourse({
  course,
  onPercent,
}: {
  course: OpenCourseDetail;
  onPercent: (percent: number) => void;
}) {
  const mayWatch = course.subscribed || course.isOrganiser;
  const videos = useCourseVideos(course.id, mayWatch);
  const [current, setCurrent] = useState<string | null>(null);
  const reports = course.subscribed && course.status === 'Online';
  const remember = useRememberPosition();

  useEffect(() => {
    if (videos.data) onPercent(progressPercentOf(videos.data.progressPercentage));
  }, [videos.data, onPercent]);

  if (!mayWatch)
    return (
      <section className="oc-section" aria-labelledby="oc-videos-title">
        <h2 id="oc-videos-title">课程视频</h2>
        <p data-testid="videos-subscribe-first">{VIDEO_MSG.subscribeToWatch}</p>
        <ol className="oc-videos">
          {course.sessions.map((s) => (
            <li key={s.id}>
              <span className="oc-card__meta">
                {s.title} {s.durationSeconds > 0 ? `· ${durationText(s.durationSeconds)}` : ''}
              </span>
            </li>
          ))}
        </ol>
      </section>
    );
  if (videos.isPending)
    return (
      <section className="oc-section" role="status">
        {VIDEO_MSG.loading}
      </section>
    );
  if (videos.isError)
    return (
      <section className="oc-section courses-state is-error" role="alert">
        {errorMessage(videos.error)}
      </section>
    );
  const list = videos.data.videos;
  if (list.length === 0) return <section className="oc-section">{VIDEO_MSG.noVideos}</section>;
  const video = list.find((v) => v.sessionId === current) ?? list[0];
  if (!video) return null;

  const onProgress = (sample: ProgressSample) => {
    if (!reports || sample.durationSeconds <= 0) return;
    remember(course.id, video.sessionId, sample.positionSeconds);
    const body: ProgressBody = {
      sessionId: video.sessionId,
      position: sample.positionSeconds,
      duration: sample.durationSeconds,
    };
    if (sample.reason === 'hidden' || sample.reason === 'leave') {
      reportProgressOnLeave(body);
      return;
    }
    reportProgress(body)
      .then((result) =>
        remember(course.id, video.sessionId, sample.positionSeconds, result.progressPercentage),
      )
      .catch(() => undefined);
  };

  return (
    <section className="oc-section" aria-labelledby="oc-videos-title">
      <h2 id="oc-videos-title">课程视频</h2>
      <div className="oc-watch">
        <VideoPlayer
          key={video.sessionId}
          src={video.url}
          startAt={video.position}
          title={video.title}
          onProgress={onProgress}
        />
        <ol className="oc-videos" aria-label="视频列表" data-testid="video-list">
          {list.map((v, i) => (
            <li key={v.sessionId}>
              <button
                type="button"
                aria-current={v.sessionId === video.sessionId}
                onClick={() => setCurrent(v.sessionId)}
              >
                <span>
                  {i + 1}. {v.title}
                </span>
                <span className="oc-card__meta">{durationText(v.durationSeconds)}</span>
              </button>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
