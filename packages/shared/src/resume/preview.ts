import { z } from 'zod';
import { resumeAward, resumeEducation, resumeInternship, resumeLanguage, resumeSociety } from './sections';

/*
 * The online resume's preview and its PDF (issue 13; career spec 3 "Resume online (preview)", 7 "Preview
 * resume"): the spec gives no paths for the preview's read calls, so they are one call here. Both under
 * SERVICE_BASES.ourea (/api/ourea), the signed-in member's own resume only:
 *
 * `GET /resume_onlines/preview[?resumeId=]` -> ResumePreview (the whole resume in one answer; the resume is
 *                                              made on first use, as `GET /resume_onlines` does)
 * `GET /resume_onlines/pdf[?resumeId=]`     -> application/pdf (attachment, `{name}的简历.pdf`): the same
 *                                              resume as a printable A4 PDF with the Noto Sans CJK font
 *                                              embedded (its Chinese text extracts exactly)
 *
 * `resumeId`, when given, must be the asker's own resume: anything else is 404 记录不存在或已删除, like the
 * sections' calls. A server without the CJK font answers the PDF call 503 RESUME_PDF_MSG.fontMissing.
 */

const id = z.number().int().positive();

/** `resumeId` of the preview calls: optional (the asker's own resume either way). */
export const resumePreviewQuery = z.object({
  resumeId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type ResumePreviewQuery = z.infer<typeof resumePreviewQuery>;

/** The personal block of the preview (spec 3 memberProfile), with the titles already made. */
export const resumePreviewProfile = z.object({
  /** the profile's name, else the account's */
  name: z.string(),
  /** a signed, expiring address of the avatar; '' for none */
  portrait: z.string(),
  sex: z.enum(['Male', 'Female', 'Secrecy']).nullable(),
  /** 男/女 (Secrecy is shown as 男, spec 5); '' when not set */
  sexTitle: z.string(),
  /** whole years at the server's today; null without a birthday */
  age: z.number().int().nullable(),
  birthday: z.number().nullable(),
  politicalStatusTitle: z.string(),
  mobile: z.string(),
  email: z.string(),
});
export type ResumePreviewProfile = z.infer<typeof resumePreviewProfile>;

/** The job intention as the preview prints it. */
export const resumePreviewIntention = z.object({
  /** occupation names */
  positions: z.array(z.string()),
  /** city names ('全国' for all the nation) */
  cities: z.array(z.string()),
  /** '面议', 'min-maxk' or '' (`formatSalary`) */
  salary: z.string(),
  /** 正在求职 / 已接受offer */
  statusTitle: z.string(),
});
export type ResumePreviewIntention = z.infer<typeof resumePreviewIntention>;

/** `GET /resume_onlines/preview`: the whole online resume in page order. */
export const resumePreview = z.object({
  /** the resume's id */
  id,
  /** the update time (epoch ms) */
  updateAt: z.number(),
  profile: resumePreviewProfile,
  intention: resumePreviewIntention,
  strength: z.string(),
  /** the member profile's first (highest) education first (`top: true`), then the others, newest first */
  educations: z.array(resumeEducation),
  /** newest first */
  internships: z.array(resumeInternship),
  /** newest first */
  societies: z.array(resumeSociety),
  /** newest first */
  awards: z.array(resumeAward),
  /** newest first */
  languages: z.array(resumeLanguage),
  evaluation: z.string(),
});
export type ResumePreview = z.infer<typeof resumePreview>;

/** Texts of the preview page and the PDF export. */
export const RESUME_PDF_MSG = {
  fontMissing: '简历导出暂不可用：服务器未安装中文字体，请联系管理员',
  exportFailed: '导出PDF失败，请稍后重试',
  exported: '已导出PDF',
} as const;

/** The PDF's file name: `{name}的简历.pdf` (`简历.pdf` without a name). */
export const resumePdfFileName = (name: string) => `${name.trim() ? `${name.trim()}的` : ''}简历.pdf`;
