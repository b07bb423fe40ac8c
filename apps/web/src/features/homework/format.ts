import { formatDate } from '@uplus/shared';

/** A deadline as lists show it; 不限 when there is none. */
export const deadlineText = (deadline: number | null) =>
  deadline === null ? '不限' : formatDate(deadline, '{y}-{m}-{d} {h}:{i}');

/** A score with at most one decimal (grades are kept to one decimal). */
export const scoreText = (score: number) => String(Math.round(score * 10) / 10);

/** A course's dates: start - end, or 未设置. */
export const courseDatesText = (start: number | null, end: number | null) =>
  start === null && end === null
    ? '未设置'
    : `${start === null ? '未设置' : formatDate(start, '{y}-{m}-{d}')} 至 ${end === null ? '未设置' : formatDate(end, '{y}-{m}-{d}')}`;
