import { z } from 'zod';

/*
 * The built-in data screen (数据大屏, spec 001 section 5): a college's figures counted from what the
 * platform holds. Only the college's own leader or administrator may read them.
 */

/** Where the data screen reads its figures (under the spec's bigdata service path). */
export const DATA_SCREEN_SUMMARY_PATH = '/api/bigdata/data_screen/summary';

/** `GET /api/bigdata/data_screen/summary?collegeCode=`: the college is the site's CODE. */
export const dataScreenQuery = z.object({
  collegeCode: z
    .string({ error: (issue) => (issue.input === undefined ? undefined : '学院编码格式不正确') })
    .trim()
    .min(1, '请提供学院编码')
    .max(64, '学院编码不能超过64个字符'),
});
export type DataScreenQuery = z.infer<typeof dataScreenQuery>;

const count = z.number().int().nonnegative();

/** The college's figures, counted when asked. */
export const dataScreenSummary = z.object({
  collegeCode: z.string(),
  collegeName: z.string(),
  /** courses taught by the college's teachers */
  courses: count,
  /** homeworks of those courses */
  homeworks: count,
  /** exercise sets of those courses */
  exerciseSets: count,
  /** members of the college by identity */
  teachers: count,
  students: count,
  /** code test-runs submitted by the college's members */
  codeRuns: count,
  /** epoch ms of the count */
  countedAt: z.number().int(),
});
export type DataScreenSummary = z.infer<typeof dataScreenSummary>;
