import { RESERVATIONS_MSG, TALK_MODE_TITLES, talkExpired } from '@uplus/shared';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../components/query-state';
import { useCareerTalk, useTalkLive } from './api';
import { TalkStatusLine, talkTimeText } from './cards';
import { ReserveButton } from './reserve-button';
import './reservations.css';

// the player (and hls.js for HLS addresses) loads only when there is something to play
const VideoPlayer = lazy(async () => ({
  default: (await import('../open-classes/player/video-player')).VideoPlayer,
}));

/**
 * 宣讲会详情 (/careertalk/details?id=): subject, company, time, place or live, 预约 / 取消预约, and the
 * playback player (GET {live}/info/talk-{id}, liveRoomPlaybackModels[0].playbackUrl) once it is Playback.
 */
export function CareerTalkDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const talk = useCareerTalk(id);
  const shown = talk.data;
  const watching =
    !!shown &&
    shown.status === 'Publish' &&
    (shown.talkStatus === 'Playback' || shown.talkStatus === 'Underway') &&
    shown.mode === 'Online';
  const live = useTalkLive(shown?.liveRoom.roomId ?? '', watching);
  if (!/^[1-9][0-9]*$/.test(id))
    return (
      <section className="talks-page">
        <div className="state-note" role="alert">
          {RESERVATIONS_MSG.talkNotFound}
        </div>
      </section>
    );
  return (
    <section className="talks-page" aria-labelledby="talk-title">
      <QueryState query={talk} loadingText="正在加载宣讲会…">
        {(t) => {
          if (t.status === 'Canceled')
            return (
              <div className="state-note" role="alert" data-testid="talk-canceled">
                {RESERVATIONS_MSG.talkCanceled}
              </div>
            );
          if (talkExpired(t, Date.now()))
            return (
              <div className="state-note" role="alert" data-testid="talk-expired">
                {RESERVATIONS_MSG.talkExpired}
              </div>
            );
          const playback = live.data?.liveRoomPlaybackModels[0]?.playbackUrl;
          const hls = live.data?.playUrls?.hls;
          return (
            <>
              <div className="talk-detail">
                {t.posterUrl ? <img className="talk-detail__poster" src={t.posterUrl} alt="" /> : null}
                <div className="talk-detail__info">
                  <h1 id="talk-title">{t.subject}</h1>
                  <dl>
                    <dt>宣讲企业</dt>
                    <dd>{t.company.nickName}</dd>
                    <dt>宣讲形式</dt>
                    <dd>{TALK_MODE_TITLES[t.mode]}</dd>
                    <dt>宣讲时间</dt>
                    <dd>{talkTimeText(t)}</dd>
                    <dt>{t.mode === 'Online' ? '直播' : '宣讲地点'}</dt>
                    <dd>{t.mode === 'Online' ? '线上直播，开始后在本页观看' : t.place}</dd>
                    <dt>状态</dt>
                    <dd>
                      <TalkStatusLine talk={t} />
                    </dd>
                    <dt>已预约</dt>
                    <dd>{t.participantCount}人</dd>
                  </dl>
                  <div>
                    <ReserveButton
                      targetType="CareerTalk"
                      targetId={t.id}
                      reservationId={t.reservationId}
                      open={t.talkStatus === 'NotStarted' || t.talkStatus === 'Underway'}
                    />
                  </div>
                </div>
              </div>
              {watching && (
                <div className="talk-player" data-testid="talk-player">
                  {live.isPending ? (
                    <div role="status">正在加载直播间…</div>
                  ) : playback || hls ? (
                    <Suspense fallback={<div role="status">正在加载播放器…</div>}>
                      <VideoPlayer src={playback || hls || ''} title={t.subject} live={!playback} />
                    </Suspense>
                  ) : (
                    <div className="state-note">
                      {t.talkStatus === 'Underway'
                        ? live.data?.liveStarted
                          ? '直播进行中，直播服务未配置，暂无法观看'
                          : '直播尚未开始'
                        : '暂无回放'}
                    </div>
                  )}
                </div>
              )}
              {t.description && <div className="talk-detail__desc">{t.description}</div>}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
