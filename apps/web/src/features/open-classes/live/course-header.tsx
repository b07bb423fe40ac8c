import {
  DEFAULT_ENTERPRISE_NAME,
  LIVE_MODE_TITLES,
  OPEN_CLASS_MSG,
  type OpenCourseDetail,
} from '@uplus/shared';
import { usePartners } from '../api';
import { dateTimeText } from '../open-class-model';
import { SubscribeButton } from '../portal/subscribe-button';
import { CoursePoster } from '../subscriptions/subscription-card';
import { RoomStatusTag } from './live-room';

/**
 * A course's header (spec 3 'Open-class detail'): poster, name, live mode and status, organiser, start,
 * partner schools and enterprises (names from companies/partners), subscribers and 订阅 / 取消订阅.
 */
export function CourseHeader({
  course,
  progressPercent,
}: {
  course: OpenCourseDetail;
  progressPercent?: number;
}) {
  const partners = usePartners(course.partnerEnterprises.map((p) => p.id));
  const enterprises = (partners.data ?? course.partnerEnterprises).map((p) => p.name).filter(Boolean);
  const schools = course.partnerSchools.map((s) => s.name).filter(Boolean);
  return (
    <header className="oc-head" data-testid="course-header">
      <div className="oc-head__poster oc-card__cover">
        <CoursePoster url={course.posterUrl} name={course.name} />
      </div>
      <div>
        <h1>{course.name}</h1>
        <div className="oc-card__tags">
          <span className="oc-tag">{OPEN_CLASS_MSG.careerTag}</span>
          <span className="oc-tag oc-tag--muted">{LIVE_MODE_TITLES[course.liveMode]}</span>
          {course.liveMode !== 'Video' && (
            <RoomStatusTag status={course.roomStatus} title={course.roomStatusTitle} />
          )}
          {course.classify && <span className="oc-tag oc-tag--muted">{course.classify.title}</span>}
          {course.industry && <span className="oc-tag oc-tag--muted">{course.industry.title}</span>}
        </div>
        <dl className="oc-head__facts">
          <div>
            <dt>主办方：</dt>
            <dd>{course.organiserName}</dd>
          </div>
          <div>
            <dt>开课时间：</dt>
            <dd>{dateTimeText(course.startAt) || '待定'}</dd>
          </div>
          <div>
            <dt>合作院校：</dt>
            <dd data-testid="header-schools">{schools.join('、') || OPEN_CLASS_MSG.notLimited}</dd>
          </div>
          <div>
            <dt>合作企业：</dt>
            <dd data-testid="header-enterprises">{enterprises.join('、') || DEFAULT_ENTERPRISE_NAME}</dd>
          </div>
          <div>
            <dt>课程安排：</dt>
            <dd>
              {OPEN_CLASS_MSG.liveCount(course.liveCount)} · {course.subscriberCount}人订阅
            </dd>
          </div>
          {progressPercent !== undefined && (
            <div>
              <dt>学习进度：</dt>
              <dd data-testid="course-progress">{progressPercent}%</dd>
            </div>
          )}
        </dl>
        {course.status === 'Online' ? (
          <SubscribeButton
            courseId={course.id}
            courseName={course.name}
            subscribed={course.subscribed}
            subscriptionId={course.subscriptionId}
            size="large"
          />
        ) : (
          <span className="oc-tag oc-tag--warn">
            {course.status === 'Draft' ? '草稿（仅主办方可见）' : OPEN_CLASS_MSG.courseExpired}
          </span>
        )}
      </div>
    </header>
  );
}

/** The lecturers with their introductions. */
export function Lecturers({ course }: { course: OpenCourseDetail }) {
  if (course.lecturers.length === 0) return null;
  return (
    <section className="oc-section" aria-labelledby="oc-lecturers-title">
      <h2 id="oc-lecturers-title">讲师介绍</h2>
      <ul className="oc-lecturers" data-testid="lecturers">
        {course.lecturers.map((l) => (
          <li key={l.id}>
            <strong>{l.name}</strong>
            {l.title && <span className="oc-card__meta"> · {l.title}</span>}
            {l.introduction && <p>{l.introduction}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The course introduction, when there is one. */
export function Introduction({ course }: { course: OpenCourseDetail }) {
  if (!course.introduction) return null;
  return (
    <section className="oc-section" aria-labelledby="oc-intro-title">
      <h2 id="oc-intro-title">课程简介</h2>
      <p style={{ whiteSpace: 'pre-line', margin: 0 }}>{course.introduction}</p>
    </section>
  );
}
