import { describe, expect, it } from 'vitest';
import {
  displayLength,
  formatCount,
  formatDate,
  timeLabel,
  toDate,
  truncateDisplay,
  unreadBadge,
} from './display';

describe('formatCount', () => {
  it('shows raw numbers below 1000', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(999)).toBe('999');
    expect(formatCount('512')).toBe('512');
  });

  it('shows K with one decimal from 1000 up to 99999', () => {
    expect(formatCount(1000)).toBe('1.0K');
    expect(formatCount(1234)).toBe('1.2K');
    expect(formatCount(1299)).toBe('1.2K');
    expect(formatCount(99_999)).toBe('99.9K');
  });

  it('shows W from 100000 up to 999999, then 100W+', () => {
    expect(formatCount(100_000)).toBe('10.0W');
    expect(formatCount(123_456)).toBe('12.3W');
    expect(formatCount(999_999)).toBe('99.9W');
    expect(formatCount(1_000_000)).toBe('100W+');
    expect(formatCount(52_000_000)).toBe('100W+');
  });

  it('treats missing or invalid values as 0', () => {
    expect(formatCount(null)).toBe('0');
    expect(formatCount(undefined)).toBe('0');
    expect(formatCount('abc')).toBe('0');
    expect(formatCount(-5)).toBe('0');
  });
});

describe('displayLength', () => {
  it('counts ASCII as 1 and non-ASCII as 2', () => {
    expect(displayLength('abc')).toBe(3);
    expect(displayLength('优加')).toBe(4);
    expect(displayLength('优加Uplus')).toBe(9);
    expect(displayLength('，')).toBe(2);
    expect(displayLength('😀')).toBe(2);
    expect(displayLength('')).toBe(0);
    expect(displayLength(null)).toBe(0);
  });

  it('truncates by display length', () => {
    expect(truncateDisplay('优加教育平台', 8)).toBe('优加教…');
    expect(truncateDisplay('short', 8)).toBe('short');
  });
});

describe('formatDate', () => {
  const date = new Date(2025, 0, 5, 9, 3, 7);

  it('fills {y}{m}{d}{h}{i}{s} zero-padded', () => {
    expect(formatDate(date)).toBe('2025-01-05 09:03:07');
    expect(formatDate(date, '{y}年{m}月{d}日')).toBe('2025年01月05日');
    expect(formatDate(date, '{h}:{i}')).toBe('09:03');
    expect(formatDate(date, '星期{a}')).toBe('星期日');
  });

  it('accepts epoch ms, epoch seconds and date text', () => {
    expect(formatDate(date.getTime(), '{y}-{m}-{d}')).toBe('2025-01-05');
    expect(formatDate(Math.floor(date.getTime() / 1000), '{h}:{i}:{s}')).toBe('09:03:07');
    expect(formatDate(String(date.getTime()), '{d}')).toBe('05');
    expect(formatDate('2024-12-31 23:59:00', '{y}{m}{d}{h}{i}')).toBe('202412312359');
  });

  it('gives empty text for empty or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(toDate(new Date(Number.NaN))).toBeNull();
  });
});

describe('timeLabel', () => {
  const now = new Date(2025, 5, 15, 18, 0, 0);

  it('shows hh:mm for today', () => {
    expect(timeLabel(new Date(2025, 5, 15, 8, 5), now)).toBe('08:05');
  });

  it('shows mm-dd for earlier this year', () => {
    expect(timeLabel(new Date(2025, 5, 14, 23, 59), now)).toBe('06-14');
    expect(timeLabel(new Date(2025, 0, 1), now)).toBe('01-01');
  });

  it('shows the full date for other years', () => {
    expect(timeLabel(new Date(2024, 5, 15, 8, 5), now)).toBe('2024-06-15');
  });

  it('gives empty text for no time', () => {
    expect(timeLabel(undefined, now)).toBe('');
  });
});

describe('unreadBadge', () => {
  it('caps at 99+', () => {
    expect(unreadBadge(0)).toBe('');
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
    expect(unreadBadge(12_345)).toBe('99+');
    expect(unreadBadge(null)).toBe('');
  });
});
