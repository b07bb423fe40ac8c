import { z } from 'zod';

/*
 * Files (issue 12): what may be uploaded for what, and how an uploaded file is described to the browser.
 * The server checks the type from the bytes themselves and the size while receiving; the browser checks the
 * same limits first, to say so before a long upload.
 */

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
const MB = 1024 * 1024;
/** PDF, Word 97-2003 (OLE2) and Word 2007+ (OOXML) documents */
export const DOCUMENT_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;

/** Excel and PowerPoint, 97-2003 (OLE2) and 2007+ (OOXML) */
export const SHEET_SLIDE_TYPES = [
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;
/** What an offer may come with (career spec 5): documents, sheets, slides, PNG and JPEG pictures */
const OFFICE_TYPES = [...DOCUMENT_TYPES, ...SHEET_SLIDE_TYPES, 'image/png', 'image/jpeg'] as const;
/**
 * Comma-separated values. CSV has no magic bytes: a file is taken as text/csv only for a purpose that allows
 * it, when its name ends .csv and its bytes are text (no NUL, valid UTF-8 or GB18030).
 */
export const CSV_TYPE = 'text/csv';

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
  /** a member's avatar (issue 13: png or jpeg, under 2 MB, cropped square in the browser) */
  memberMaterial: { types: ['image/png', 'image/jpeg'], maxBytes: 2 * MB, label: '头像图片' },
  /** an attached resume (issue 13: doc, docx or pdf, at most 20 MB; uploaded straight to the store) */
  attachedResume: { types: DOCUMENT_TYPES, maxBytes: 20 * MB, label: 'doc/docx/pdf格式的附件' },
  /** a picture in portal content (issue 15: covers and pictures in a rich-text body; shown to visitors) */
  contentImage: { types: IMAGE_TYPES, maxBytes: 5 * MB, label: '图片' },
  /** a company's video (issue 14: mp4, at most 200 MB; the company page and the video badge) */
  companyVideo: { types: ['video/mp4'], maxBytes: 200 * MB, label: 'mp4格式的视频' },
  /** an offer's material (issue 14: Office documents, PDF or pictures, at most 20 MB) */
  offerMaterial: {
    types: OFFICE_TYPES,
    maxBytes: 20 * MB,
    label: 'DOC、DOCX、XLS、XLSX、PDF、PPT、PPTX、PNG、JPG、JPEG格式的文件',
  },
  /** a document given to an AI assistant with a question (issue 16, portal spec 2.15: at most 50 MB) */
  assistantDocument: {
    types: [...DOCUMENT_TYPES, ...SHEET_SLIDE_TYPES, CSV_TYPE],
    maxBytes: 50 * MB,
    label: 'ppt、pptx、doc、docx、pdf、csv、xls、xlsx格式的文档',
  },
  /** a picture given to an AI assistant with a question (issue 16, portal spec 2.15: at most 10 MB) */
  assistantImage: { types: IMAGE_TYPES, maxBytes: 10 * MB, label: 'png、jpeg、jpg、webp格式的图片' },
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

/** Path prefix of the files routes (not a configurable service base: the server signs these addresses). */
export const FILES_BASE = '/api/files';

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

/** File name endings of each content type the server recognises (the browser's `accept`, and its guess). */
export const FILE_TYPE_EXTENSIONS: Record<string, readonly string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
  'video/mp4': ['.mp4', '.m4v'],
  'video/webm': ['.webm'],
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.ms-excel': ['.xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.ms-powerpoint': ['.ppt'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
  [CSV_TYPE]: ['.csv'],
};

/** The `accept` attribute of a file input for `purpose`: its types and their file name endings. */
export const fileAccept = (purpose: FilePurpose): string =>
  FILE_PURPOSES[purpose].types.flatMap((type) => [type, ...(FILE_TYPE_EXTENSIONS[type] ?? [])]).join(',');

/** The content type a browser file most likely has: its own claim, or else the one its name ends with. */
export const guessFileType = (file: { name: string; type: string }): string => {
  if (file.type) return file.type.toLowerCase();
  const name = file.name.toLowerCase();
  for (const [type, endings] of Object.entries(FILE_TYPE_EXTENSIONS)) {
    if (endings.some((ending) => name.endsWith(ending))) return type;
  }
  return '';
};

/**
 * The browser's check before uploading (the server checks again, from the bytes): the message to show,
 * or null when the file may be sent.
 */
export const checkFileForPurpose = (
  purpose: FilePurpose,
  file: { name: string; type: string; size: number },
): string | null => {
  const rule = FILE_PURPOSES[purpose];
  if (!(rule.types as readonly string[]).includes(guessFileType(file))) return FILES_MSG.badType(rule.label);
  if (file.size > rule.maxBytes) return FILES_MSG.tooLarge(rule.maxBytes);
  if (file.size === 0) return FILES_MSG.required;
  return null;
};

/** A size as people read it: 512 B, 3.4 KB, 12.5 MB, 1.2 GB. */
export const formatFileSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : Number(value.toFixed(1))} ${units[unit]}`;
};

/** Whether files of `purpose` are images (shown as a picture) or videos (shown in a small player). */
export const filePurposeKind = (purpose: FilePurpose): 'image' | 'video' =>
  FILE_PURPOSES[purpose].types.every((type) => type.startsWith('image/')) ? 'image' : 'video';
