import { DeleteOutlined } from '@ant-design/icons';
import { OPEN_CLASS_MSG, type Subscription, subscriptionCardState } from '@uplus/shared';
import { Button } from 'antd';
import { Link, useNavigate } from 'react-router';
import { coursePathOf, dateTimeText } from '../open-class-model';

type Props = {
  row: Subscription;
  now: number;
  busy: boolean;
  onDelete: (row: Subscription) => void;
};

/** The poster, or the course name on the product's colour when there is none (decorative: the name is the heading). */
export function CoursePoster({ url, name }: { url: string; name: string }) {
  return url ? (
    <img src={url} alt="" loading="lazy" />
  ) : (
    <span className="oc-card__cover-name" aria-hidden>
      {name}
    </span>
  );
}

/**
 * A subscription card (spec 2.11 and section 4): cover, name, 职业发展课 tag, live-status tag, start time,
 * progress bar (video), partner schools (不限), partner enterprises (the platform), session count, and
 * 开始学习, or, once expired, 课程已过期 greyed and not openable with 删除.
 */
export function SubscriptionCard({ row, now, busy, onDelete }: Props) {
  const navigate = useNavigate();
  const state = subscriptionCardState(row, now);
  const content = row.subscriptContentModel;
  const to = coursePathOf(content.liveMode, row.courseId);
  const titleId = `subscription-${row.id}-name`;
  const living = state.showLiveIcon;
  return (
    <article
      className={`oc-card${state.expired ? ' is-expired' : ''}`}
      aria-labelledby={titleId}
      data-testid="subscription-card"
      data-expired={state.expired}
    >
      <div className="oc-card__cover">
        <CoursePoster url={content.tabulationPosterUrl} name={content.name} />
        {state.showLiveTag && (
          <span className={`oc-card__live${living ? ' is-living' : ''}`} data-testid="live-tag">
            {living && <span className="oc-live-dot" data-testid="live-icon" aria-hidden />}
            {state.liveLabel}
          </span>
        )}
      </div>
      <div className="oc-card__body">
        <h2 className="oc-card__name" id={titleId} title={content.name}>
          {state.openable ? <Link to={to}>{content.name}</Link> : content.name}
        </h2>
        <div className="oc-card__tags">
          <span className="oc-tag" data-testid="career-tag">
            {OPEN_CLASS_MSG.careerTag}
          </span>
          <span className="oc-tag oc-tag--muted" data-testid="live-count">
            {OPEN_CLASS_MSG.liveCount(content.liveCount)}
          </span>
        </div>
        <p className="oc-card__meta" data-testid="start-time">
          开课时间：{dateTimeText(row.opencourseModel.opencourseStartAt) || '待定'}
        </p>
        {state.showProgress && (
          <div className="oc-progress" data-testid="progress">
            <div
              className="oc-progress__track"
              role="progressbar"
              aria-label="学习进度"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={state.progressPercent}
            >
              <div className="oc-progress__bar" style={{ width: `${state.progressPercent}%` }} />
            </div>
            <span className="oc-progress__text">{state.progressPercent}%</span>
          </div>
        )}
        <p className="oc-card__meta" title={state.schoolsText} data-testid="partner-schools">
          合作院校：{state.schoolsText}
        </p>
        <p className="oc-card__meta" title={state.enterprisesText} data-testid="partner-enterprises">
          合作企业：{state.enterprisesText}
        </p>
        <div className="oc-card__foot">
          {state.openable ? (
            <Button type="primary" size="small" onClick={() => navigate(to)} data-testid="start-learning">
              {state.buttonText}
            </Button>
          ) : (
            <Button size="small" disabled data-testid="course-expired">
              {state.buttonText}
            </Button>
          )}
          {state.deletable && (
            <Button
              size="small"
              danger
              type="text"
              icon={<DeleteOutlined aria-hidden />}
              disabled={busy}
              onClick={() => onDelete(row)}
              aria-label={`删除《${content.name}》`}
              data-testid="delete-subscription"
            >
              {OPEN_CLASS_MSG.deleteSubscription}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
