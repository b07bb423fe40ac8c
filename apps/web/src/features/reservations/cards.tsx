import { PlayCircleOutlined, VideoCameraOutlined } from '@ant-design/icons';
import {
  type CareerTalk,
  FAIR_MODE_TITLES,
  fairBadgeOf,
  formatDate,
  type JobFair,
  TALK_MODE_TITLES,
  talkCardLineOf,
  talkOpenCheck,
} from '@uplus/shared';
import type { KeyboardEvent } from 'react';
import { useToast } from '../../lib/toast';

const activateOnKey = (open: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    open();
  }
};

export const talkTimeText = (talk: Pick<CareerTalk, 'startTimestamp' | 'endTimestamp'>) =>
  `${formatDate(talk.startTimestamp, '{y}-{m}-{d} {h}:{i}')} - ${formatDate(talk.endTimestamp, '{h}:{i}')}`;

/** The status corner of a talk card (spec section 4). */
export function TalkStatusLine({ talk }: { talk: CareerTalk }) {
  const line = talkCardLineOf(talk, formatDate(talk.startTimestamp, '{m}-{d} {h}:{i}'));
  switch (line.kind) {
    case 'time':
      return (
        <span className="talk-line" data-testid="talk-line">
          {line.text} · {line.reservations}人已预约
        </span>
      );
    case 'live':
      return (
        <span className="talk-line is-live" data-testid="talk-line">
          <VideoCameraOutlined aria-hidden />
          {`${line.text} · ${line.viewers}人观看`}
        </span>
      );
    case 'playback':
      return (
        <span className="talk-line is-playback" data-testid="talk-line">
          <PlayCircleOutlined aria-hidden />
          {`${line.text} · ${line.views}次播放`}
        </span>
      );
    default:
      return (
        <span className="talk-line is-ended" data-testid="talk-line">
          {line.text}
        </span>
      );
  }
}

/**
 * A career talk card: canceled talks are greyed and answer 宣讲会已取消，不可查看详情 (info); online talks
 * more than 360 days after the start answer 宣讲会已过期; others open /careertalk/details?id= in a new tab.
 */
export function TalkCard({ talk, now = Date.now() }: { talk: CareerTalk; now?: number }) {
  const toast = useToast();
  const check = talkOpenCheck(talk, now);
  const canceled = talk.status === 'Canceled';
  const open = () => {
    if (check.open) window.open(`/careertalk/details?id=${talk.id}`, '_blank', 'noopener');
    else if (check.level === 'info') toast.info(check.message);
    else toast.warning(check.message);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card whose whole face opens the talk (or says why not)
    <div
      className={`talk-card${canceled ? ' is-canceled' : ''}${check.open ? '' : ' is-blocked'}`}
      role="link"
      tabIndex={0}
      aria-disabled={!check.open || undefined}
      onClick={open}
      onKeyDown={activateOnKey(open)}
      data-testid="talk-card"
    >
      <div className="talk-card__poster">
        {talk.posterUrl ? <img src={talk.posterUrl} alt="" /> : <span aria-hidden>宣讲会</span>}
        <span className="talk-card__mode">{TALK_MODE_TITLES[talk.mode]}</span>
      </div>
      <div className="talk-card__body">
        <strong className="talk-card__subject">{talk.subject}</strong>
        <span className="talk-card__company">{talk.company.nickName}</span>
        {canceled ? (
          <span className="talk-line is-ended" data-testid="talk-line">
            已取消
          </span>
        ) : (
          <TalkStatusLine talk={talk} />
        )}
      </div>
    </div>
  );
}

/** A job fair card with its badge (预约中 / 已预约 / 进行中 / 已结束); opens /jobfair/details?id= in a new tab. */
export function FairCard({ fair }: { fair: JobFair }) {
  const badge = fair.canceled ? '已取消' : fairBadgeOf(fair);
  const open = () => window.open(`/jobfair/details?id=${fair.id}`, '_blank', 'noopener');
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card whose whole face opens the fair
    <div
      className={`fair-card${fair.canceled ? ' is-canceled' : ''}`}
      role="link"
      tabIndex={0}
      onClick={open}
      onKeyDown={activateOnKey(open)}
      data-testid="fair-card"
    >
      <div className="talk-card__poster">
        {fair.posterUrl ? <img src={fair.posterUrl} alt="" /> : <span aria-hidden>双选会</span>}
        <span
          className={`fair-badge is-${fair.canceled ? 'canceled' : fair.status}`}
          data-testid="fair-badge"
        >
          {badge}
        </span>
      </div>
      <div className="talk-card__body">
        <strong className="talk-card__subject">{fair.subject}</strong>
        <span className="talk-card__company">
          {FAIR_MODE_TITLES[fair.mode]} · {formatDate(fair.startTimestamp, '{m}-{d} {h}:{i}')} 至{' '}
          {formatDate(fair.endTimestamp, '{m}-{d} {h}:{i}')}
        </span>
        <span className="talk-line">
          {fair.companyCount}家企业 · {fair.occupationCount}个职位
        </span>
      </div>
    </div>
  );
}
