import { describe, expect, it } from 'vitest';
import { countdownText, coursePathOf, durationText, spanText } from './open-class-model';

describe('open-class helpers', () => {
  it('opens a series in classopenserieslive, single live and video in openclasslive', () => {
    expect(coursePathOf('SeriesLive', 7)).toBe('/openclass/classopenserieslive?id=7');
    expect(coursePathOf('SingleLive', '8')).toBe('/openclass/openclasslive?id=8');
    expect(coursePathOf('Video', '9')).toBe('/openclass/openclasslive?id=9');
  });

  it('counts down in days, hours, minutes and seconds, and stops at zero', () => {
    const now = new Date(2026, 10, 24, 9, 0, 0).getTime();
    expect(countdownText(now + ((26 * 60 + 3) * 60 + 4) * 1000, now)).toBe('1天02小时03分04秒');
    expect(countdownText(now + 59_999, now)).toBe('00小时00分59秒');
    expect(countdownText(now - 1000, now)).toBe('00小时00分00秒');
  });

  it('a span on one day names the day once', () => {
    const start = new Date(2026, 10, 24, 9, 30).getTime();
    expect(spanText(start, start + 90 * 60_000)).toBe('2026-11-24 09:30 - 11:00');
    expect(spanText(start, start + 24 * 3_600_000)).toBe('2026-11-24 09:30 - 2026-11-25 09:30');
    expect(spanText(start, null)).toBe('2026-11-24 09:30');
    expect(spanText(null, null)).toBe('');
  });

  it('durations as mm:ss or h:mm:ss', () => {
    expect(durationText(30)).toBe('00:30');
    expect(durationText(3725)).toBe('1:02:05');
  });
});
