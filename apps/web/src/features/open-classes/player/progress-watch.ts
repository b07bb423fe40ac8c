/*
 * When a video's position is reported (issue 12: progress drives the subscription card's percent and the
 * resume point): every 10 s while it plays, when it pauses, when it ends and when the page is hidden
 * (tab switched, closed or navigated away). Pure DOM events, no React, so a test drives it with a fake
 * media element and fake timers.
 */

/** How often a playing video reports its position. */
export const PROGRESS_INTERVAL_MS = 10_000;

export type ProgressReason = 'interval' | 'pause' | 'ended' | 'hidden' | 'leave';
export type ProgressSample = { positionSeconds: number; durationSeconds: number; reason: ProgressReason };

/** What the watcher reads of a media element. */
export type MediaLike = Pick<
  HTMLMediaElement,
  'currentTime' | 'duration' | 'paused' | 'addEventListener' | 'removeEventListener'
>;

const finite = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

/**
 * Watches `media` and calls `report` as described above; returns the function that stops watching (and
 * reports where the video was, as the player leaves without a pause). A report
 * at the same position as the previous one (a pause right before ended, a hidden page while paused) is
 * skipped, and nothing is reported before the video has played at all.
 */
export const watchProgress = (
  media: MediaLike,
  report: (sample: ProgressSample) => void,
  env: { window: Window; document: Document } = { window, document },
): (() => void) => {
  let timer: ReturnType<typeof setInterval> | null = null;
  let played = false;
  let last: number | null = null;

  const send = (reason: ProgressReason) => {
    if (!played) return;
    const positionSeconds = finite(media.currentTime);
    if (last !== null && Math.abs(positionSeconds - last) < 0.25) return;
    last = positionSeconds;
    report({ positionSeconds, durationSeconds: finite(media.duration), reason });
  };
  const stopTimer = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  const onPlay = () => {
    played = true;
    stopTimer();
    timer = setInterval(() => send('interval'), PROGRESS_INTERVAL_MS);
  };
  const onPause = () => {
    stopTimer();
    send('pause');
  };
  const onEnded = () => {
    stopTimer();
    send('ended');
  };
  const onHidden = () => send('hidden');
  const onVisibility = () => {
    if (env.document.visibilityState === 'hidden') onHidden();
  };

  media.addEventListener('play', onPlay);
  media.addEventListener('pause', onPause);
  media.addEventListener('ended', onEnded);
  env.window.addEventListener('pagehide', onHidden);
  env.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    // the player goes (another video, another page of the app): its position is kept too
    send('leave');
    stopTimer();
    media.removeEventListener('play', onPlay);
    media.removeEventListener('pause', onPause);
    media.removeEventListener('ended', onEnded);
    env.window.removeEventListener('pagehide', onHidden);
    env.document.removeEventListener('visibilitychange', onVisibility);
  };
};

/** Whether an address is an HLS playlist (.m3u8, before any query). */
export const isHlsUrl = (url: string) => /\.m3u8$/i.test(url.split(/[?#]/)[0] ?? '');

/** Where a video resumes: the last position, unless it is (nearly) at the end, then from the start. */
export const resumePosition = (last: number, duration: number): number => {
  if (!(last > 0)) return 0;
  if (Number.isFinite(duration) && duration > 0 && last >= duration - 2) return 0;
  return last;
};
