import { type LiveInfo, ROOM_STATUS_TITLES } from '@uplus/shared';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { useBasicInfo } from '../../sessions/api';
import { useChatToken, useLiveInfo, useLiveRoomConfig } from '../api';
import { countdownText, spanText } from '../open-class-model';
import { VideoPlayer } from '../player/video-player';
import { ChatPanel } from './chat-panel';

/** Texts of the live room (issue 12). */
export const ROOM_MSG = {
  notConfigured: '直播服务未配置，请在开播后观看回放',
  subscribeToWatch: '订阅课程后即可观看',
  noPlayback: '回放暂未上传，请稍后再来',
  startsIn: '距开播还有',
  startingNow: '即将开播',
  loading: '正在进入直播间…',
} as const;

/** The room-status tag: 未开始 / 直播中 (with the live dot) / 回放. */
export function RoomStatusTag({ status, title }: { status: LiveInfo['roomStatus']; title?: string }) {
  const living = status === 'Living';
  return (
    <span
      className={`oc-tag ${living ? 'oc-tag--live' : status === 'Playback' ? 'oc-tag--muted' : 'oc-tag--warn'}`}
      data-testid="room-status"
      data-status={status}
    >
      {living && <span className="oc-live-dot oc-live-dot--red" aria-hidden />}{' '}
      {title || ROOM_STATUS_TITLES[status]}
    </span>
  );
}

/** A ticking countdown to `target`; calls `onDone` once it has come. */
function Countdown({ target, onDone }: { target: number; onDone: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const done = now >= target;
  const finish = useRef(onDone);
  finish.current = onDone;
  useEffect(() => {
    if (done) finish.current();
  }, [done]);
  return (
    <p className="oc-countdown" data-testid="countdown" role="timer" aria-live="off">
      {done ? ROOM_MSG.startingNow : countdownText(target, now)}
    </p>
  );
}

/** The session's schedule: its title and start - end. */
function Schedule({ info }: { info: LiveInfo }) {
  return (
    <ul className="oc-schedule" data-testid="schedule" aria-label="直播安排">
      <li>
        <span>{info.title}</span>
        <span>{spanText(info.startAt, info.endAt) || '时间待定'}</span>
      </li>
    </ul>
  );
}

/** While Living with a configured provider: the signed HLS stream and the chat. */
function LiveStream({ info, compact }: { info: LiveInfo; compact: boolean }) {
  const config = useLiveRoomConfig(info.id, true);
  const chatUrl = config.data?.chatUrl ?? null;
  const watch = !!config.data?.configured && !!config.data.canWatch && !!config.data.playUrls;
  const chat = useChatToken(info.id, watch && !!chatUrl);
  const basic = useBasicInfo();
  if (config.isPending) return <div className="oc-room__board">{ROOM_MSG.loading}</div>;
  if (config.isError)
    return (
      <div className="oc-room__board" role="alert">
        <p>{errorMessage(config.error)}</p>
      </div>
    );
  if (!config.data.configured)
    return (
      <div className="oc-room__board" data-testid="live-not-configured">
        <p>{ROOM_MSG.notConfigured}</p>
        <Schedule info={info} />
      </div>
    );
  if (!watch || !config.data.playUrls)
    return (
      <div className="oc-room__board" data-testid="live-subscribe-first">
        <p>{ROOM_MSG.subscribeToWatch}</p>
      </div>
    );
  return (
    <div className={`oc-watch${chatUrl && !compact ? '' : ' is-single'}`}>
      <VideoPlayer src={config.data.playUrls.hls} title={`${info.title}（直播）`} live autoPlay />
      {chatUrl && chat.data && (
        <ChatPanel chatUrl={chatUrl} token={chat.data.token} nickname={basic.data?.name ?? ''} />
      )}
    </div>
  );
}

/**
 * One session's room (live/info/{id}): LiveNotStart shows the schedule and a countdown; Living plays the
 * provider's stream with the chat when live_rooms/config says one is configured (else says so and shows the
 * schedule); Playback plays the session's playback video. Status texts 未开始 / 直播中 / 回放.
 */
export function LiveRoom({ sessionId, compact = false }: { sessionId: string; compact?: boolean }) {
  const info = useLiveInfo(sessionId);
  if (info.isPending)
    return (
      <div className="oc-room__board" role="status">
        {ROOM_MSG.loading}
      </div>
    );
  if (info.isError)
    return (
      <div className="courses-state is-error" role="alert" data-testid="room-error">
        {errorMessage(info.error)}
      </div>
    );
  const room = info.data;
  return (
    <section className="oc-room" aria-label="直播间" data-testid="live-room" data-status={room.roomStatus}>
      <div className="oc-room__status">
        <RoomStatusTag status={room.roomStatus} title={room.roomStatusTitle} />
        <strong>{room.title}</strong>
        <span className="oc-card__meta">{spanText(room.startAt, room.endAt)}</span>
      </div>
      {room.roomStatus === 'LiveNotStart' && (
        <div className="oc-room__board" data-testid="room-not-started">
          <p>{ROOM_MSG.startsIn}</p>
          {room.startAt ? (
            <Countdown target={room.startAt} onDone={() => void info.refetch()} />
          ) : (
            <p>时间待定</p>
          )}
          <Schedule info={room} />
        </div>
      )}
      {room.roomStatus === 'Living' && <LiveStream info={room} compact={compact} />}
      {room.roomStatus === 'Playback' &&
        (room.playbackUrl ? (
          <VideoPlayer src={room.playbackUrl} title={`${room.title}（回放）`} />
        ) : (
          <div className="oc-room__board" data-testid="no-playback">
            <p>{room.canWatch ? ROOM_MSG.noPlayback : ROOM_MSG.subscribeToWatch}</p>
          </div>
        ))}
    </section>
  );
}
