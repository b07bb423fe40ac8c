import { type CourseBody, type CourseType, courseBody, formatDate } from '@uplus/shared';

/*
 * The course form's rules (create and edit), pure: the dates as the inputs hold them (YYYY-MM-DD, local
 * days), the body the server takes, and each field's first error from the shared schema.
 */

export type CourseFormValues = {
  name: string;
  type: CourseType | '';
  /** YYYY-MM-DD or '' */
  start: string;
  end: string;
  coverStyle: number | null;
};

export type CourseFormField = 'name' | 'type' | 'startTime' | 'endTime' | 'coverStyle';
export type CourseFormErrors = Partial<Record<CourseFormField, string>>;

export const emptyCourseForm = (): CourseFormValues => ({
  name: '',
  type: 'Theory',
  start: '',
  end: '',
  coverStyle: 0,
});

/** A day typed in a date input as epoch ms: its start, or (for an end date) its last millisecond. */
export const dayToEpoch = (day: string, endOfDay = false): number | undefined => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const date = endOfDay
    ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999)
    : new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // a day that does not exist (2026-02-30) rolls over in Date: refuse it instead
  const real =
    date.getFullYear() === Number(m[1]) &&
    date.getMonth() === Number(m[2]) - 1 &&
    date.getDate() === Number(m[3]);
  return real ? date.getTime() : undefined;
};

/** Epoch ms as a date input's value ('' for none). */
export const epochToDay = (time: number | null): string =>
  time === null ? '' : formatDate(time, '{y}-{m}-{d}');

/** The form as the server's body, or each field's first error (the shared schema's own messages). */
export const checkCourseForm = (
  values: CourseFormValues,
): { ok: true; body: CourseBody } | { ok: false; errors: CourseFormErrors } => {
  const parsed = courseBody.safeParse({
    name: values.name,
    type: values.type || undefined,
    startTime: dayToEpoch(values.start),
    endTime: dayToEpoch(values.end, true),
    coverStyle: values.coverStyle,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: CourseFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as CourseFormField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
};
