import { useQuery } from '@tanstack/react-query';
import { isSuccessAnswer, MSG, RESUME_PDF_MSG, resumePdfFileName, resumePreview } from '@uplus/shared';
import { HttpError, http, serviceUrl } from '../../../api/http';
import { getToken, useStored } from '../../../lib/storage';
import { RESUME_QUERY_ROOT } from '../editing';

/*
 * Data of the online resume's preview (issue 13; career spec 7 "Preview resume"): the whole resume in one
 * call, and its PDF. The key starts with RESUME_QUERY_ROOT, so a save on the resume page (same tab or, on
 * focus, another) refreshes an open preview too; it carries the token so another sign-in never sees it.
 */

const onlines = (path: string) => serviceUrl('ourea', `/resume_onlines${path}`);

export const previewKeys = {
  preview: (token: string | null) => [...RESUME_QUERY_ROOT, 'preview', token ?? ''] as const,
};

/** `GET ourea/resume_onlines/preview`: the signed-in member's whole online resume (failures shown in place). */
export const useResumePreview = () => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: previewKeys.preview(token),
    queryFn: ({ signal }) => http.get(onlines('/preview'), { schema: resumePreview, silent: true, signal }),
    enabled: !!token,
  });
};

/** How long an export may take before it is given up (a long resume takes about a second). */
export const PDF_TIMEOUT_MS = 60_000;

/**
 * `GET ourea/resume_onlines/pdf`: the PDF as a Blob. Not through `http` (which reads JSON answers): a
 * failure still arrives as the envelope, whose message is thrown as an HttpError for the caller to show.
 */
export const fetchResumePdf = async (): Promise<Blob> => {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(onlines('/pdf'), {
      headers: { Accept: 'application/pdf', ...(token ? { 'X-Access-Token': token } : {}) },
      credentials: 'same-origin',
      signal: AbortSignal.timeout(PDF_TIMEOUT_MS),
    });
  } catch {
    throw new HttpError(RESUME_PDF_MSG.exportFailed, { kind: 'network' });
  }
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && type.startsWith('application/pdf')) return response.blob();
  let message = '';
  try {
    const answer = (await response.json()) as { message?: unknown; success?: unknown; code?: unknown };
    if (!isSuccessAnswer(response.status, answer) && typeof answer.message === 'string')
      message = answer.message;
  } catch {
    // not JSON: the generic text below
  }
  const status = response.status;
  throw new HttpError(status === 401 ? MSG.unauthorized : message || RESUME_PDF_MSG.exportFailed, {
    kind: 'http',
    status,
  });
};

/** Saves a Blob under `fileName` (the browser's download). */
export const saveBlob = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

/** Exports the resume of `name` as `{name}的简历.pdf`. */
export const exportResumePdf = async (name: string) =>
  saveBlob(await fetchResumePdf(), resumePdfFileName(name));
