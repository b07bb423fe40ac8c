/*
 * Pure helpers of the open-class pages: where a course, a series session or the phone room opens, how
 * times and progress read, and the countdown to a live session.
 */

/** Where a single-live or video course opens (spec 2.2: openclasslive, query id). */
export const openclassLivePath = (id: string | number) =>
  `/openclass/openclasslive?id=${encodeURIComponent(id)}`;
/** Where a series opens (classopenserieslive, query id). */
export const seriesLivePath = (id: string | number) =>
  `/openclass/classopenserieslive?id=${encodeURIComponent(id)}`;
/** One session of a series (serieslivedetail, query id = the session's id). */
export const seriesSessionPath = (sessionId: string | number) =>
  `/openclass/serieslivedetail?id=${encodeURIComponent(sessionId)}`;
/** The organiser's list and editor. */
export const MANAGE_PATH = '/u/openclass/manage';
export const manageEditPath = (id: string | number) => `/u/openclass/manage/${encodeURIComponent(id)}`;
export const OPENCLASS_INDEX_PATH = '/openclass/index';

/** Where a course of a live mode opens: series in classopenserieslive, single live and video in openclasslive. */
export const coursePathOf = (liveMode: string, id: string | number) =>
  liveMode === 'SeriesLive' ? seriesLivePath(id) : openclassLivePath(id);

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as 2026-11-24 09:30 (local time); empty for none. */
export const dateTimeText = (at: number | string | null | undefined): string => {
  if (at === null || at === undefined || at === '') return '';
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** A session's span: 2026-11-24 09:30 - 11:00 (same day) or both full instants. */
export const spanText = (
  start: number | string | null | undefined,
  end: number | string | null | undefined,
) => {
  const from = dateTimeText(start);
  const to = dateTimeText(end);
  if (!from) return '';
  if (!to) return from;
  return from.slice(0, 10) === to.slice(0, 10) ? `${from} - ${to.slice(11)}` : `${from} - ${to}`;
};

/** Time left until `target` as days, hours, minutes and seconds (all 0 once it has come). */
export const countdownParts = (target: number, now: number) => {
  const left = Math.max(0, Math.floor((target - now) / 1000));
  return {
    done: left === 0,
    days: Math.floor(left / 86400),
    hours: Math.floor((left % 86400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
};

/** 距开播 2天03小时04分05秒 */
export const countdownText = (target: number, now: number) => {
  const p = countdownParts(target, now);
  return `${p.days > 0 ? `${p.days}天` : ''}${pad(p.hours)}小时${pad(p.minutes)}分${pad(p.seconds)}秒`;
};

/** Seconds as mm:ss or h:mm:ss. */
export const durationText = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
};

/** The editor of a course not yet saved. */
export const NEW_COURSE_PATH = '/u/openclass/manage/new';
