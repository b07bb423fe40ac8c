import { RESERVATIONS_MSG, TALK_MODE_TITLES } from '@uplus/shared';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { usePageTitle } from '../../../lib/page-title';
import { useCareerTalk, useTalkLive } from '../../reservations/api';
import { TalkStatusLine, talkTimeText } from '../../reservations/cards';
import { ReserveButton } from '../../reservations/reserve-button';
import { talkScreenOf, talkWatchable } from './talk-live-model';
import './pages.css';

// the open-classes player (and hls.js for HLS addresses) loads only when there is something to play
const VideoPlayer = lazy(async () => ({
  default: (await import('../../open-classes/player/video-player')).VideoPlayer,
}));

/**
 * /h5/talklive?id= (宣讲会详情 on a phone, no header or footer): the talk's subject, company, time, form
 * and state, the live stream or its playback when there is one, 预约, and the talk's description.
 */
export function H5TalkLivePage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const talk = useCareerTalk(id);
  const watching = !!talk.data && talkWatchable(talk.data);
  const room = useTalkLive(talk.data?.liveRoom.roomId ?? `talk-${id}`, watching);
  usePageTitle(talk.data?.subject);
  if (!/^[1-9][0-9]*$/.test(id))
    return (
      <div className="h5-talk" data-testid="h5-talk-live">
        <p className="h5-talk__note" role="alert">
          {RESERVATIONS_MSG.talkNotFound}
        </p>
      </div>
    );
  return (
    <div className="h5-talk" data-testid="h5-talk-live">
      <QueryState query={talk} loadingText="正在加载宣讲会…">
        {(t) => {
          const screen = talkScreenOf(t, { pending: room.isPending, data: room.data }, Date.now());
          if (screen.kind === 'closed')
            return (
              <p className="h5-talk__note" role="alert" data-testid="h5-talk-closed">
                {screen.text}
              </p>
            );
          return (
            <article aria-labelledby="h5-talk-title">
              {t.posterUrl ? <img className="h5-talk__poster" src={t.posterUrl} alt="" /> : null}
              <h1 id="h5-talk-title" className="h5-talk__title">
                {t.subject}
              </h1>
              <dl className="h5-talk__facts">
                <dt>宣讲企业</dt>
                <dd>{t.company.nickName || t.company.name}</dd>
                <dt>宣讲时间</dt>
                <dd>{talkTimeText(t)}</dd>
                <dt>宣讲形式</dt>
                <dd>{TALK_MODE_TITLES[t.mode]}</dd>
                <dt>状态</dt>
                <dd>
                  <TalkStatusLine talk={t} />
                </dd>
              </dl>
              <div className="h5-talk__screen" data-testid="h5-talk-screen">
                {screen.kind === 'player' ? (
                  <Suspense fallback={<div role="status">正在加载播放器…</div>}>
                    <VideoPlayer src={screen.src} title={t.subject} live={screen.live} />
                  </Suspense>
                ) : screen.kind === 'loading' ? (
                  <div role="status">正在加载直播间…</div>
                ) : (
                  <p className="h5-talk__note">{screen.text}</p>
                )}
              </div>
              <div className="h5-talk__actions">
                <ReserveButton
                  targetType="CareerTalk"
                  targetId={t.id}
                  reservationId={t.reservationId}
                  open={t.talkStatus === 'NotStarted' || t.talkStatus === 'Underway'}
                />
              </div>
              {t.description ? (
                <section aria-labelledby="h5-talk-about">
                  <h2 id="h5-talk-about" className="h5-talk__subtitle">
                    宣讲介绍
                  </h2>
                  <p className="h5-talk__desc">{t.description}</p>
                </section>
              ) : null}
            </article>
          );
        }}
      </QueryState>
    </div>
  );
}
