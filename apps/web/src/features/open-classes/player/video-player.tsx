import { useEffect, useRef, useState } from 'react';
import { isHlsUrl, type ProgressSample, resumePosition, watchProgress } from './progress-watch';

/** Texts of the player's failures. */
export const PLAYER_MSG = {
  unsupported: '当前浏览器不支持播放该视频',
  failed: '视频加载失败，请稍后重试',
} as const;

type Props = {
  /** an uploaded file's signed address (answers Range requests) or an HLS (.m3u8) address */
  src: string;
  /** where to resume, in seconds (the last reported position) */
  startAt?: number;
  /** the video's name, for the element's accessible name */
  title: string;
  /** called as progress-watch decides (every 10 s while playing, pause, ended, page hidden) */
  onProgress?: (sample: ProgressSample) => void;
  autoPlay?: boolean;
  /** a live stream: no resume, no progress */
  live?: boolean;
};

type HlsLike = { destroy: () => void };

/**
 * A real video player: a plain <video> for files (the browser streams them with Range requests) and hls.js
 * for .m3u8 addresses where the browser cannot play HLS itself. hls.js is imported only then, so it is its
 * own chunk and no page pays for it until an HLS video plays.
 */
export function VideoPlayer({ src, startAt = 0, title, onProgress, autoPlay = false, live = false }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const report = useRef(onProgress);
  report.current = onProgress;
  const resumeAt = useRef(startAt);
  resumeAt.current = startAt;

  // first, so that its cleanup reports the position before the source's cleanup empties the element
  useEffect(() => {
    const video = ref.current;
    if (!video || live || !src) return;
    return watchProgress(video, (sample) => report.current?.(sample));
  }, [live, src]);

  // the source: the file itself, or HLS through hls.js (or natively where only that works)
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    setError(null);
    let hls: HlsLike | null = null;
    let cancelled = false;
    const onMeta = () => {
      if (live) return;
      const at = resumePosition(resumeAt.current, video.duration);
      if (at > 0) video.currentTime = at;
    };
    const onError = () => setError(PLAYER_MSG.failed);
    video.addEventListener('loadedmetadata', onMeta, { once: true });
    video.addEventListener('error', onError);
    if (!isHlsUrl(src)) {
      video.src = src;
    } else {
      // hls.js first where Media Source Extensions exist (a browser's "maybe" for HLS is not a promise);
      // Safari on iOS has no MSE and plays HLS itself
      void import('hls.js')
        .then(({ default: Hls }) => {
          if (cancelled) return;
          if (!Hls.isSupported()) {
            if (video.canPlayType('application/vnd.apple.mpegurl')) video.src = src;
            else setError(PLAYER_MSG.unsupported);
            return;
          }
          const player = new Hls();
          hls = player;
          player.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal) setError(PLAYER_MSG.failed);
          });
          player.loadSource(src);
          player.attachMedia(video);
        })
        .catch(() => {
          if (!cancelled) setError(PLAYER_MSG.failed);
        });
    }
    return () => {
      cancelled = true;
      video.removeEventListener('loadedmetadata', onMeta);
      video.removeEventListener('error', onError);
      hls?.destroy();
      video.removeAttribute('src');
    };
  }, [src, live]);

  return (
    <div className="oc-player" data-testid="video-player">
      {/* biome-ignore lint/a11y/useMediaCaption: uploaded course videos come without caption tracks */}
      <video
        ref={ref}
        controls
        playsInline
        autoPlay={autoPlay}
        preload="metadata"
        aria-label={title}
        className="oc-player__video"
        data-testid="video-element"
        data-src={src}
      />
      {error && (
        <p className="oc-player__error" role="alert" data-testid="player-error">
          {error}
        </p>
      )}
    </div>
  );
}
