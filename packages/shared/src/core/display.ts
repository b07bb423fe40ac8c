/*
 * Display helpers (spec 001 section 5 "Display helpers"): pure functions used by every screen
 * that shows counts, text lengths, dates and unread badges.
 */

/** Count display thresholds (spec 001 section 9). */
export const COUNT_THRESHOLDS = { k: 1000, kMax: 99_999, wMax: 999_999 } as const;

/** Truncates (never rounds up) to one decimal, so 99 999 reads 99.9K rather than 100.0K. */
const oneDecimalDown = (value: number) => (Math.floor(value * 10) / 10).toFixed(1);

/**
 * Count display: the raw number below 1000; K (thousands) with one decimal up to 99 999;
 * W (万, ten thousands) with one decimal up to 999 999; 100W+ above.
 */
export const formatCount = (value: number | string | null | undefined): string => {
  const n = Number(value ?? 0);
  if (!Number.isFinite(n) || n < 0) return '0';
  const whole = Math.floor(n);
  if (whole < COUNT_THRESHOLDS.k) return String(whole);
  if (whole <= COUNT_THRESHOLDS.kMax) return `${oneDecimalDown(whole / 1000)}K`;
  if (whole <= COUNT_THRESHOLDS.wMax) return `${oneDecimalDown(whole / 10_000)}W`;
  return '100W+';
};

/** String length where every non-ASCII character (Chinese, full-width, emoji) counts as 2. */
export const displayLength = (text: string | null | undefined): number => {
  let length = 0;
  for (const ch of text ?? '') length += (ch.codePointAt(0) ?? 0) > 0x7f ? 2 : 1;
  return length;
};

/** Cuts text to at most `max` display units (see displayLength), adding an ellipsis when cut. */
export const truncateDisplay = (text: string, max: number, ellipsis = '…'): string => {
  if (displayLength(text) <= max) return text;
  const room = max - displayLength(ellipsis);
  let length = 0;
  let out = '';
  for (const ch of text) {
    const w = (ch.codePointAt(0) ?? 0) > 0x7f ? 2 : 1;
    if (length + w > room) break;
    length += w;
    out += ch;
  }
  return out + ellipsis;
};

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'] as const;
const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Turns a Date, epoch milliseconds, epoch seconds (10 digits) or a date text into a Date.
 * Returns null for empty or invalid input.
 */
export const toDate = (time: Date | number | string | null | undefined): Date | null => {
  if (time === null || time === undefined || time === '') return null;
  if (time instanceof Date) return Number.isNaN(time.getTime()) ? null : time;
  let value: number | string = time;
  if (typeof value === 'string' && /^\d+$/.test(value)) value = Number(value);
  if (typeof value === 'number' && String(Math.trunc(value)).length === 10) value *= 1000;
  const date = typeof value === 'string' ? new Date(value.replace(/-/g, '/')) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * Formats a time with the placeholders {y} {m} {d} {h} {i} {s} (and {a}, the Chinese weekday),
 * in local time, zero-padded. Default pattern `{y}-{m}-{d} {h}:{i}:{s}`. Invalid input gives ''.
 */
export const formatDate = (
  time: Date | number | string | null | undefined,
  pattern = '{y}-{m}-{d} {h}:{i}:{s}',
): string => {
  const date = toDate(time);
  if (!date) return '';
  const parts: Record<string, string> = {
    y: String(date.getFullYear()),
    m: pad2(date.getMonth() + 1),
    d: pad2(date.getDate()),
    h: pad2(date.getHours()),
    i: pad2(date.getMinutes()),
    s: pad2(date.getSeconds()),
    a: WEEKDAYS[date.getDay()] ?? '',
  };
  return pattern.replace(/\{([ymdhisa])\}/g, (_, key: string) => parts[key] ?? '');
};

/** Time label for lists: hh:mm today, mm-dd earlier this year, otherwise the full date yyyy-mm-dd. */
export const timeLabel = (
  time: Date | number | string | null | undefined,
  now: Date | number = Date.now(),
): string => {
  const date = toDate(time);
  if (!date) return '';
  const today = new Date(now);
  if (date.getFullYear() !== today.getFullYear()) return formatDate(date, '{y}-{m}-{d}');
  if (date.getMonth() === today.getMonth() && date.getDate() === today.getDate()) {
    return formatDate(date, '{h}:{i}');
  }
  return formatDate(date, '{m}-{d}');
};

/** Unread badge: nothing for zero, the number up to 99, 99+ above. */
export const unreadBadge = (count: number | null | undefined): string => {
  const n = Math.floor(Number(count ?? 0));
  if (!Number.isFinite(n) || n <= 0) return '';
  return n > 99 ? '99+' : String(n);
};

const CN_DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'] as const;
const CN_UNITS = ['', '十', '百', '千'] as const;

/** The largest number `toChineseNumeral` writes in characters. */
export const CHINESE_NUMERAL_MAX = 9999;

/**
 * An integer from 0 to 9999 in Chinese numerals (spec 001 section 5): 一, 十, 十一, 二十, 一百零五, 一千零一十.
 * A leading 一十 is written 十 (十一, not 一十一); zeros inside read 零 once (一千零五). Other numbers (negative,
 * fractional, above 9999) come back as digits; anything not a number as ''.
 */
export const toChineseNumeral = (value: number | string | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  if (!Number.isFinite(n)) return '';
  if (!Number.isInteger(n) || n < 0 || n > CHINESE_NUMERAL_MAX) return String(n);
  if (n === 0) return CN_DIGITS[0];
  const digits = String(n).split('').map(Number);
  let out = '';
  let pendingZero = false;
  digits.forEach((d, i) => {
    const unit = CN_UNITS[digits.length - 1 - i] ?? '';
    if (d === 0) {
      pendingZero = out !== '';
      return;
    }
    if (pendingZero) out += CN_DIGITS[0];
    pendingZero = false;
    // 十一 rather than 一十一 when 十 leads
    out += (d === 1 && unit === '十' && out === '' ? '' : CN_DIGITS[d]) + unit;
  });
  return out;
};

/**
 * A company name blanked for display (spec 001 section 5: some company names are blanked): the first and
 * last characters kept, a star for each one between (优加信息技术有限公司 -> 优********司); two characters
 * keep the first (优*), one becomes *. A name not flagged confidential is shown as it is.
 */
export const maskCompanyName = (name: string | null | undefined, confidential = true): string => {
  const text = (name ?? '').trim();
  if (!confidential || text === '') return text;
  const chars = [...text];
  if (chars.length === 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
};
