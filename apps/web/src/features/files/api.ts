import { FILES_BASE, type FilePurpose, type UploadedFile, uploadedFile } from '@uplus/shared';
import { type UploadProgress, uploadMultipart } from '../../api/upload';

/*
 * Uploading a file (issue 12) with progress, through the multipart uploader of api/upload.ts (same
 * X-Access-Token header and envelope as the http client). Failures are thrown as HttpError and never
 * toasted here: the upload control shows them in place.
 */

export type { UploadProgress };

/** The address uploads go to. */
export const uploadUrl = (purpose: FilePurpose) =>
  `${FILES_BASE}/upload?purpose=${encodeURIComponent(purpose)}`;

/**
 * Sends `file` as multipart (field `file`) for `purpose`; resolves with the server's description of it.
 * `onProgress` is called as bytes go out; aborting `signal` cancels the upload (HttpError kind 'cancelled').
 */
export const uploadFile = (
  purpose: FilePurpose,
  file: File,
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> =>
  uploadMultipart({ url: uploadUrl(purpose), file, schema: uploadedFile, onProgress, signal });
