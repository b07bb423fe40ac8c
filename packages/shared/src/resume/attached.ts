import { z } from 'zod';
import { SERVICE_BASES } from '../core/services';
import { charCount, RESUME_LIMITS, RESUME_MSG } from './rules';

/*
 * Attached resumes (issue 13, career spec 3 "Attached resume", 5, 7 "Attachments and uploads"): the member's
 * doc/docx/pdf files (at most 3, at most 20 MB). The browser asks for an upload ticket, PUTs the file straight
 * to its signed address (the S3-compatible store, or this server's own signed route on local disk), then
 * keeps it with `POST /resume_attached` {name, path: the ticket's fileUrl}; the server checks the bytes then.
 */

/** Paths of the attachment calls. */
export const ATTACHED_PATHS = {
  /** `GET ?enabled=Yes`, `POST`, and `/{id}` for GET, PUT (rename), DELETE, `/{id}/preview` */
  attached: `${SERVICE_BASES.ourea}/resume_attached`,
  /** the upload ticket (portal service) */
  obsUpload: `${SERVICE_BASES.portal}/file_storages/web/obs_upload`,
} as const;

export type AttachedExtension = (typeof RESUME_LIMITS.attachedExtensions)[number];

/** Longest attachment name (without its extension). */
export const ATTACHED_NAME_MAX = 50;

/** Texts of the attachment screens besides spec 5's (those are in RESUME_MSG). */
export const ATTACHED_MSG = {
  idInvalid: '附件编号不正确',
  /** the path of POST is not a ticket this user was given (or it expired, or was used) */
  badPath: '上传凭证无效或已过期，请重新上传',
  /** nothing was uploaded to the ticket's address */
  notUploaded: '未找到上传的文件，请重新上传',
  resourceNotOwn: '只能为自己上传附件',
  noConverter:
    '服务器未安装 LibreOffice，Word 文档暂不能在线预览，请下载后查看（PDF 格式的附件可直接在线预览）。',
  convertFailed: '该 Word 文档转换预览失败，请下载后查看。',
  deleted: '删除成功',
  renamed: '重命名成功',
  uploaded: '上传成功',
  /** more upload tickets in an hour than ATTACHED_TICKETS_PER_HOUR */
  tooManyTickets: '上传过于频繁，请稍后再试',
} as const;

/** Upload tickets one member may ask for in an hour (each allows 20 MB into the store). */
export const ATTACHED_TICKETS_PER_HOUR = 30;

/** The extension a file name ends with, when it is one of doc, docx, pdf (case-insensitive). */
export const attachedExtensionOf = (fileName: string): AttachedExtension | null => {
  const ext = /\.([A-Za-z]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  return (RESUME_LIMITS.attachedExtensions as readonly string[]).includes(ext ?? '')
    ? (ext as AttachedExtension)
    : null;
};

/** The name an attachment gets from its file name: without the extension, at most 50 characters. */
export const attachedNameOf = (fileName: string): string => {
  const base = (fileName.split(/[\\/]/).pop() ?? '').replace(/\.[A-Za-z]+$/, '').trim();
  return [...base].slice(0, ATTACHED_NAME_MAX).join('') || '附件简历';
};

/** The browser's check of a picked file (spec 5 order: type, then size); null when it may be uploaded. */
export const checkAttachedFile = (file: { name: string; size: number }): string | null => {
  if (!attachedExtensionOf(file.name)) return RESUME_MSG.attachedType;
  if (file.size > RESUME_LIMITS.attachedBytes) return RESUME_MSG.attachedSize;
  return null;
};

/** The rename rule (also the name of POST): required, at most 50 characters. */
export const firstAttachedNameError = (name: string | null | undefined): string | null => {
  if (!name || name.trim() === '') return RESUME_MSG.attachedNameRequired;
  if (charCount(name.trim()) > ATTACHED_NAME_MAX) return RESUME_MSG.attachedNameTooLong;
  return null;
};

const idParam = z
  .string({ error: ATTACHED_MSG.idInvalid })
  .regex(/^[1-9][0-9]{0,14}$/, ATTACHED_MSG.idInvalid)
  .describe('numeric id');

/** `/resume_attached/{id}` params. */
export const attachedIdParams = z.object({ id: idParam });
export type AttachedIdParams = z.infer<typeof attachedIdParams>;

/** `GET /file_storages/web/obs_upload` query. */
export const obsUploadQuery = z.object({
  fileName: z.string().min(1, RESUME_MSG.attachedType).max(255).describe('the picked file’s name'),
  resourceType: z.literal('attachedResume').describe('only attached resumes are uploaded this way'),
  resourceId: idParam.optional().describe('the member’s user id (only one’s own)'),
  fileSize: z.coerce
    .number({ error: RESUME_MSG.attachedSize })
    .int(RESUME_MSG.attachedSize)
    .min(1, RESUME_MSG.attachedSize)
    .optional()
    .describe('the file’s size in bytes: over 20 MB is refused at once; an S3 store signs the length'),
});
export type ObsUploadQuery = z.infer<typeof obsUploadQuery>;

/** The upload ticket: PUT the file to `signedUrl` with `actualSignedRequestHeaders`, then POST `fileUrl`. */
export const uploadTicket = z.object({
  fileName: z.string(),
  /** what to send as `path` to POST /resume_attached (an opaque, signed reference, not an address) */
  fileUrl: z.string(),
  /** a signed, expiring address for one PUT of the file (no credentials) */
  signedUrl: z.string(),
  /** headers the PUT must carry exactly (the signature covers them) */
  actualSignedRequestHeaders: z.record(z.string(), z.string()),
});
export type UploadTicket = z.infer<typeof uploadTicket>;

/** `GET /resume_attached` query. */
export const attachedResumesQuery = z.object({
  enabled: z.enum(['Yes', 'No']).optional().describe('Yes: the usable ones (all of them: none is disabled)'),
});
export type AttachedResumesQuery = z.infer<typeof attachedResumesQuery>;

/** An attached resume. */
export const attachedResume = z.object({
  id: z.number().int(),
  name: z.string(),
  /** signed, expiring address of the file (to download) */
  path: z.string(),
  extension: z.enum(RESUME_LIMITS.attachedExtensions),
  size: z.number().int(),
  createAt: z.number().int().describe('epoch ms'),
  enabled: z.enum(['Yes', 'No']),
});
export type AttachedResume = z.infer<typeof attachedResume>;

export const attachedResumeList = z.array(attachedResume);

/** `POST /resume_attached` body: the name shown and the ticket's fileUrl. */
export const createAttachedBody = z.object({
  name: z.string({ error: RESUME_MSG.attachedNameRequired }),
  path: z.string({ error: ATTACHED_MSG.badPath }).min(1, ATTACHED_MSG.badPath).max(2000),
});
export type CreateAttachedBody = z.infer<typeof createAttachedBody>;

/** `PUT /resume_attached/{id}` body (rename). */
export const renameAttachedBody = z.object({ name: z.string({ error: RESUME_MSG.attachedNameRequired }) });
export type RenameAttachedBody = z.infer<typeof renameAttachedBody>;

/** `GET /resume_attached/{id}/preview`: a PDF to show inline, or only a download with a note why. */
export const attachedPreview = z.object({
  id: z.number().int(),
  name: z.string(),
  extension: z.enum(RESUME_LIMITS.attachedExtensions),
  /** pdf: `pdfUrl` shows inline (the file itself, or a PDF converted from the Word file) */
  mode: z.enum(['pdf', 'download']),
  pdfUrl: z.string(),
  /** the original file (signed, expiring) */
  downloadUrl: z.string(),
  /** why there is no inline preview ('' when there is) */
  note: z.string(),
});
export type AttachedPreview = z.infer<typeof attachedPreview>;
