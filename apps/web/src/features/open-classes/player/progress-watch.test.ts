import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isHlsUrl,
  type MediaLike,
  PROGRESS_INTERVAL_MS,
  type ProgressSample,
  resumePosition,
  watchProgress,
} from './progress-watch';

/** A media element reduced to what the watcher reads: a position, a length and events. */
class FakeMedia extends EventTarget implements MediaLike {
  currentTime = 0;
  duration = 120;
  paused = true;
  play() {
    this.paused = false;
    this.dispatchEvent(new Event('play'));
  }
  pause() {
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }
  end() {
    this.currentTime = this.duration;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
    this.dispatchEvent(new Event('ended'));
  }
}

describe('progress reporting', () => {
  let media: FakeMedia;
  let samples: ProgressSample[];
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    media = new FakeMedia();
    samples = [];
    stop = watchProgress(media, (s) => samples.push(s));
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('reports every 10 s while playing, not before playing and not while paused', () => {
    vi.advanceTimersByTime(PROGRESS_INTERVAL_MS * 2);
    expect(samples).toEqual([]);
    media.play();
    media.currentTime = 9;
    vi.advanceTimersByTime(PROGRESS_INTERVAL_MS - 1);
    expect(samples).toEqual([]);
    media.currentTime = 10;
    vi.advanceTimersByTime(1);
    expect(samples).toEqual([{ positionSeconds: 10, durationSeconds: 120, reason: 'interval' }]);
    media.currentTime = 20;
    vi.advanceTimersByTime(PROGRESS_INTERVAL_MS);
    expect(samples.map((s) => s.positionSeconds)).toEqual([10, 20]);
    media.currentTime = 23.5;
    media.pause();
    expect(samples.at(-1)).toEqual({ positionSeconds: 23.5, durationSeconds: 120, reason: 'pause' });
    vi.advanceTimersByTime(PROGRESS_INTERVAL_MS * 3);
    expect(samples).toHaveLength(3);
  });

  it('reports on ended once (the pause just before it is the same position)', () => {
    media.play();
    media.end();
    expect(samples).toEqual([{ positionSeconds: 120, durationSeconds: 120, reason: 'pause' }]);
    vi.advanceTimersByTime(PROGRESS_INTERVAL_MS);
    expect(samples).toHaveLength(1);
  });

  it('reports ended when no pause precedes it', () => {
    media.play();
    media.currentTime = 120;
    media.dispatchEvent(new Event('ended'));
    expect(samples).toEqual([{ positionSeconds: 120, durationSeconds: 120, reason: 'ended' }]);
  });

  it('reports when the page is hidden or left, and when the player goes', () => {
    media.play();
    media.currentTime = 31;
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
    media.currentTime = 40;
    window.dispatchEvent(new Event('pagehide'));
    media.currentTime = 44;
    stop();
    expect(samples.map((s) => [s.reason, s.positionSeconds])).toEqual([
      ['hidden', 31],
      ['hidden', 40],
      ['leave', 44],
    ]);
    // stopped: nothing more
    media.currentTime = 60;
    window.dispatchEvent(new Event('pagehide'));
    vi.advanceTimersByTime(PROGRESS_INTERVAL_MS);
    expect(samples).toHaveLength(3);
  });

  it('an unknown length (NaN, Infinity) is reported as 0', () => {
    media.duration = Number.NaN;
    media.play();
    media.currentTime = 5;
    media.pause();
    expect(samples[0]?.durationSeconds).toBe(0);
  });
});

describe('player helpers', () => {
  it('knows HLS addresses by their path', () => {
    expect(isHlsUrl('https://cdn.example.com/v/index.m3u8')).toBe(true);
    expect(isHlsUrl('/live/room.M3U8?auth_key=1-0-0-abc')).toBe(true);
    expect(isHlsUrl('/api/files/raw/12?sig=m3u8')).toBe(false);
    expect(isHlsUrl('/api/files/raw/12.mp4')).toBe(false);
  });

  it('resumes at the last position, from the start when it was (nearly) the end', () => {
    expect(resumePosition(0, 100)).toBe(0);
    expect(resumePosition(42, 100)).toBe(42);
    expect(resumePosition(98, 100)).toBe(0);
    expect(resumePosition(42, Number.NaN)).toBe(42);
    expect(resumePosition(-3, 100)).toBe(0);
  });
});
