import { describe, expect, it } from 'vitest';
import {
  CHINESE_NUMERAL_MAX,
  COUNT_THRESHOLDS,
  displayLength,
  formatCount,
  formatDate,
  maskCompanyName,
  timeLabel,
  toChineseNumeral,
  toDate,
  truncateDisplay,
  unreadBadge,
} from './display';

describe('formatCount (spec 5: raw below 1000; K one decimal up to 99999; W up to 999999; 100W+ above)', () => {
  it('uses the spec’s thresholds', () => {
    expect(COUNT_THRESHOLDS).toEqual({ k: 1000, kMax: 99_999, wMax: 999_999 });
  });

  it.each([
    // raw below 1000
    [0, '0'],
    [1, '1'],
    [7, '7'],
    [999, '999'],
    [999.9, '999'],
    // K from 1000 to 99 999, one decimal, never rounded up
    [1000, '1.0K'],
    [1001, '1.0K'],
    [1050, '1.0K'],
    [1099, '1.0K'],
    [1100, '1.1K'],
    [1234, '1.2K'],
    [1299, '1.2K'],
    [9999, '9.9K'],
    [10_000, '10.0K'],
    [99_000, '99.0K'],
    [99_999, '99.9K'],
    // W from 100 000 to 999 999
    [100_000, '10.0W'],
    [100_001, '10.0W'],
    [123_456, '12.3W'],
    [999_999, '99.9W'],
    // above
    [1_000_000, '100W+'],
    [1_000_001, '100W+'],
    [52_000_000, '100W+'],
    [Number.MAX_SAFE_INTEGER, '100W+'],
  ])('%s -> %s', (value, expected) => {
    expect(formatCount(value)).toBe(expected);
  });

  it.each([
    ['512', '512'],
    ['999', '999'],
    ['1000', '1.0K'],
    ['99999', '99.9K'],
    ['100000', '10.0W'],
    ['1000000', '100W+'],
    [' 1500 ', '1.5K'],
  ])('the text %j -> %s', (value, expected) => {
    expect(formatCount(value)).toBe(expected);
  });

  it.each([
    [null, '0'],
    [undefined, '0'],
    ['', '0'],
    ['abc', '0'],
    ['1,000', '0'],
    [Number.NaN, '0'],
    [Number.POSITIVE_INFINITY, '0'],
    [-1, '0'],
    [-5000, '0'],
  ])('missing, invalid or negative %j -> %s', (value, expected) => {
    expect(formatCount(value as number | string | null | undefined)).toBe(expected);
  });
});

describe('displayLength (non-ASCII counts 2)', () => {
  it.each([
    ['', 0],
    [null, 0],
    [undefined, 0],
    ['abc', 3],
    ['~\u007f', 2],
    ['\u0080', 2],
    ['é', 2],
    ['优加', 4],
    ['优加Uplus', 9],
    ['，', 2],
    ['Ａ', 2],
    ['😀', 2],
    ['a b', 3],
  ])('%j -> %i', (text, expected) => {
    expect(displayLength(text as string | null | undefined)).toBe(expected);
  });

  it('truncates by display length', () => {
    expect(truncateDisplay('优加教育平台', 8)).toBe('优加教…');
    expect(truncateDisplay('优加教育', 8)).toBe('优加教育');
    expect(truncateDisplay('short', 8)).toBe('short');
    // the ellipsis is not ASCII either: it takes 2 of the 8
    expect(truncateDisplay('abcdefghij', 8)).toBe('abcdef…');
  });
});

describe('formatDate ({y}{m}{d}{h}{i}{s})', () => {
  const date = new Date(2025, 0, 5, 9, 3, 7);

  it.each([
    [undefined, '2025-01-05 09:03:07'],
    ['{y}', '2025'],
    ['{m}', '01'],
    ['{d}', '05'],
    ['{h}', '09'],
    ['{i}', '03'],
    ['{s}', '07'],
    ['{y}年{m}月{d}日', '2025年01月05日'],
    ['{h}:{i}', '09:03'],
    ['星期{a}', '星期日'],
    ['{y}{y}', '20252025'],
    ['{x} stays', '{x} stays'],
  ])('pattern %j -> %s', (pattern, expected) => {
    expect(formatDate(date, pattern)).toBe(expected);
  });

  it('pads at the edges of the day and the year', () => {
    expect(formatDate(new Date(2025, 11, 31, 23, 59, 59))).toBe('2025-12-31 23:59:59');
    expect(formatDate(new Date(2026, 0, 1, 0, 0, 0))).toBe('2026-01-01 00:00:00');
  });

  it('accepts epoch ms, epoch seconds and date text', () => {
    expect(formatDate(date.getTime(), '{y}-{m}-{d}')).toBe('2025-01-05');
    expect(formatDate(Math.floor(date.getTime() / 1000), '{h}:{i}:{s}')).toBe('09:03:07');
    expect(formatDate(String(date.getTime()), '{d}')).toBe('05');
    expect(formatDate('2024-12-31 23:59:00', '{y}{m}{d}{h}{i}')).toBe('202412312359');
  });

  it.each([[null], [undefined], [''], ['not a date'], [Number.NaN]])('gives empty text for %j', (value) => {
    expect(formatDate(value as string | null | undefined)).toBe('');
  });

  it('an invalid Date is no date', () => {
    expect(toDate(new Date(Number.NaN))).toBeNull();
  });
});

describe('timeLabel (hh:mm today, mm-dd this year, else the full date)', () => {
  const now = new Date(2025, 5, 15, 18, 0, 0);

  it.each([
    ['today 00:00', new Date(2025, 5, 15, 0, 0), '00:00'],
    ['today 08:05', new Date(2025, 5, 15, 8, 5), '08:05'],
    ['today 23:59 (later today)', new Date(2025, 5, 15, 23, 59), '23:59'],
    ['yesterday 23:59', new Date(2025, 5, 14, 23, 59), '06-14'],
    ['tomorrow 00:00', new Date(2025, 5, 16, 0, 0), '06-16'],
    ['the same day of another month', new Date(2025, 4, 15, 8, 5), '05-15'],
    ['Jan 1 00:00 this year', new Date(2025, 0, 1, 0, 0), '01-01'],
    ['Dec 31 this year', new Date(2025, 11, 31, 12, 0), '12-31'],
    ['Dec 31 23:59 last year', new Date(2024, 11, 31, 23, 59), '2024-12-31'],
    ['the same day last year', new Date(2024, 5, 15, 8, 5), '2024-06-15'],
    ['next year', new Date(2026, 0, 1, 0, 0), '2026-01-01'],
  ])('%s', (_, time, expected) => {
    expect(timeLabel(time, now)).toBe(expected);
  });

  it('on Jan 1 at 00:00, a moment before is last year', () => {
    const newYear = new Date(2026, 0, 1, 0, 0, 0);
    expect(timeLabel(new Date(2026, 0, 1, 0, 0, 0), newYear)).toBe('00:00');
    expect(timeLabel(new Date(2025, 11, 31, 23, 59, 59), newYear)).toBe('2025-12-31');
  });

  it('accepts epoch ms and gives empty text for no time', () => {
    expect(timeLabel(new Date(2025, 5, 15, 8, 5).getTime(), now.getTime())).toBe('08:05');
    expect(timeLabel(undefined, now)).toBe('');
    expect(timeLabel('garbage', now)).toBe('');
  });
});

describe('unreadBadge', () => {
  it.each([
    [0, ''],
    [-3, ''],
    [null, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [12_345, '99+'],
  ])('%j -> %j', (value, expected) => {
    expect(unreadBadge(value)).toBe(expected);
  });
});

describe('toChineseNumeral', () => {
  it.each([
    [0, '零'],
    [1, '一'],
    [2, '二'],
    [9, '九'],
    [10, '十'],
    [11, '十一'],
    [19, '十九'],
    [20, '二十'],
    [21, '二十一'],
    [99, '九十九'],
    [100, '一百'],
    [101, '一百零一'],
    [105, '一百零五'],
    [110, '一百一十'],
    [111, '一百一十一'],
    [200, '二百'],
    [999, '九百九十九'],
    [1000, '一千'],
    [1001, '一千零一'],
    [1010, '一千零一十'],
    [1100, '一千一百'],
    [1105, '一千一百零五'],
    [2019, '二千零一十九'],
    [9090, '九千零九十'],
    [9999, '九千九百九十九'],
    ['12', '十二'],
  ])('%j -> %s', (value, expected) => {
    expect(toChineseNumeral(value)).toBe(expected);
  });

  it.each([
    [CHINESE_NUMERAL_MAX + 1, '10000'],
    [-1, '-1'],
    [1.5, '1.5'],
    [Number.NaN, ''],
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['abc', ''],
  ])('outside 0 to 9999: %j -> %j', (value, expected) => {
    expect(toChineseNumeral(value as number | string | null | undefined)).toBe(expected);
  });
});

describe('maskCompanyName', () => {
  it.each([
    ['优加信息技术有限公司', '优********司'],
    ['腾讯', '腾*'],
    ['A', '*'],
    ['ABC', 'A*C'],
    ['  示范科技  ', '示**技'],
    ['😀公司😀', '😀**😀'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('confidential %j -> %j', (name, expected) => {
    expect(maskCompanyName(name)).toBe(expected);
  });

  it('a name not flagged confidential is shown as it is', () => {
    expect(maskCompanyName('优加信息技术有限公司', false)).toBe('优加信息技术有限公司');
  });
});
