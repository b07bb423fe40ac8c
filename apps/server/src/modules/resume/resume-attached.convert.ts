import { execFile } from 'node:child_process';
import { access, constants, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/*
 * Word to PDF for the attachment preview, with LibreOffice (`soffice --headless --convert-to pdf`) when it
 * is installed. SOFFICE_PATH names it; otherwise `soffice` or `libreoffice` is looked for on PATH. Without
 * it the preview offers the download with a note (the caller decides).
 */

/** Longest a conversion may take before it is given up. */
export const CONVERT_TIMEOUT_MS = 60_000;

let found: Promise<string | null> | null = null;

const executable = async (file: string) =>
  access(file, constants.X_OK).then(
    () => true,
    () => false,
  );

/** The LibreOffice executable, or null when there is none (looked up once per process). */
export const findSoffice = (configured: string | undefined): Promise<string | null> => {
  found ??= (async () => {
    if (configured) return (await executable(configured)) ? configured : null;
    for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
      for (const name of ['soffice', 'libreoffice']) {
        const file = path.join(dir, name);
        if (await executable(file)) return file;
      }
    }
    return null;
  })();
  return found;
};

/** Office extensions LibreOffice converts (the feedback center's offer files reuse this, issue 14). */
export type ConvertibleExtension = 'doc' | 'docx' | 'xls' | 'xlsx' | 'ppt' | 'pptx';

/**
 * Converts a .doc/.docx (or another Office file) to PDF bytes in a fresh temporary directory (its own LibreOffice profile too, so
 * conversions do not share a lock); throws when LibreOffice fails or takes too long.
 */
export const convertToPdf = async (
  soffice: string,
  bytes: Buffer,
  extension: ConvertibleExtension,
): Promise<Buffer> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'uplus-convert-'));
  try {
    const input = path.join(dir, `resume.${extension}`);
    await writeFile(input, bytes);
    await new Promise<void>((resolve, reject) => {
      execFile(
        soffice,
        [
          `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
          '--headless',
          '--norestore',
          '--convert-to',
          'pdf',
          '--outdir',
          dir,
          input,
        ],
        { timeout: CONVERT_TIMEOUT_MS, killSignal: 'SIGKILL' },
        (error) => (error ? reject(error) : resolve()),
      );
    });
    return await readFile(path.join(dir, 'resume.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
