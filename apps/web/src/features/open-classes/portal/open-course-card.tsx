import {
  type OpenCourseCard as Card,
  DEFAULT_ENTERPRISE_NAME,
  LIVE_MODE_TITLES,
  OPEN_CLASS_MSG,
} from '@uplus/shared';
import { Link } from 'react-router';
import { coursePathOf, dateTimeText } from '../open-class-model';
import { CoursePoster } from '../subscriptions/subscription-card';
import { SubscribeButton } from './subscribe-button';

/** A course of the public list: poster with its live status, name, tags, start, partners, sessions, 订阅. */
export function OpenCourseCard({ course }: { course: Card }) {
  const to = coursePathOf(course.liveMode, course.id);
  const titleId = `open-course-${course.id}-name`;
  const living = course.roomStatus === 'Living';
  const schools = course.partnerSchools.map((s) => s.name).join('、') || OPEN_CLASS_MSG.notLimited;
  const enterprises = course.enterpriseNames.join('、') || DEFAULT_ENTERPRISE_NAME;
  return (
    <article className="oc-card" aria-labelledby={titleId} data-testid="open-course-card">
      <Link to={to} className="oc-card__cover" tabIndex={-1} aria-hidden>
        <CoursePoster url={course.posterUrl} name={course.name} />
        {course.liveMode !== 'Video' && (
          <span className={`oc-card__live${living ? ' is-living' : ''}`}>
            {living && <span className="oc-live-dot" />}
            {course.roomStatusTitle}
          </span>
        )}
      </Link>
      <div className="oc-card__body">
        <h2 className="oc-card__name" id={titleId} title={course.name}>
          <Link to={to}>{course.name}</Link>
        </h2>
        <div className="oc-card__tags">
          <span className="oc-tag">{LIVE_MODE_TITLES[course.liveMode]}</span>
          {course.classify && <span className="oc-tag oc-tag--muted">{course.classify.title}</span>}
          {course.industry && <span className="oc-tag oc-tag--muted">{course.industry.title}</span>}
        </div>
        <p className="oc-card__meta">开课时间：{dateTimeText(course.startAt) || '待定'}</p>
        <p className="oc-card__meta" title={schools}>
          合作院校：{schools}
        </p>
        <p className="oc-card__meta" title={enterprises}>
          合作企业：{enterprises}
        </p>
        <div className="oc-card__foot">
          <span className="oc-card__meta">{OPEN_CLASS_MSG.liveCount(course.liveCount)}</span>
          <SubscribeButton courseId={course.id} courseName={course.name} subscribed={course.subscribed} />
        </div>
      </div>
    </article>
  );
}
