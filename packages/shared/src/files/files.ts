import { z } from 'zod';

/*
 * Files (issue 12): what may be uploaded for what, and how an uploaded file is described to the browser.
 * The server checks the type from the bytes themselves and the size while receiving; the browser checks the
 * same limits first, to say so before a long upload.
 */

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
const MB = 1024 * 1024;

/** Every purpose a file can be uploaded for, with its allowed (detected) content types and largest size. */
export const FILE_PURPOSES = {
  /** a video of an open course (or a live session's playback) */
  video: { types: ['video/mp4', 'video/webm'], maxBytes: 2048 * MB, label: '视频' },
  /** an open course's poster (tabulationPosterUrl) or a lecturer's photo */
  poster: { types: IMAGE_TYPES, maxBytes: 10 * MB, label: '图片' },
  /** a company's official seal on certificates (a PNG with a transparent background is best) */
  seal: { types: IMAGE_TYPES, maxBytes: 2 * MB, label: '公章图片' },
  /** the image of a customized certificate */
  certificate: { types: IMAGE_TYPES, maxBytes: 10 * MB, label: '证书图片' },
  /** a company's logo */
  logo: { types: IMAGE_TYPES, maxBytes: 2 * MB, label: '企业Logo' },
} as const satisfies Record<string, { types: readonly string[]; maxBytes: number; label: string }>;

export type FilePurpose = keyof typeof FILE_PURPOSES;
export const filePurpose = z.enum(Object.keys(FILE_PURPOSES) as [FilePurpose, ...FilePurpose[]]);

export const FILES_MSG = {
  /** no file in the upload */
  required: '请选择要上传的文件',
  /** the bytes are not one of the purpose's types ({label} filled in) */
  badType: (label: string) => `文件类型不正确，请上传${label}`,
  /** larger than the purpose allows */
  tooLarge: (maxBytes: number) => `文件大小不能超过${Math.round(maxBytes / MB)}MB`,
  /** a signed address that is altered, expired or names no file */
  badLink: '文件链接无效或已过期',
  /** attaching a file the user did not upload, or uploaded for another purpose */
  notUsable: '文件不存在或无权使用',
} as const;

/** `POST /api/files/upload?purpose=` query. */
export const uploadFileQuery = z.object({ purpose: filePurpose });
export type UploadFileQuery = z.infer<typeof uploadFileQuery>;

/** An uploaded file as the browser sees it: `url` is a signed address that expires. */
export const uploadedFile = z.object({
  id: z.number().int(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** signed, time-limited address of the bytes (answers Range requests) */
  url: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;
