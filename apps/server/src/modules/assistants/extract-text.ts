/*
 * SEAM (issue 16 part 5): the text of an uploaded document. Owner: helper as-files (PDF, Word, Excel,
 * PowerPoint, CSV). Used for files given with a question and for knowledge-base materials.
 */
export type ExtractResult = { ok: true; text: string } | { ok: false; message: string };

/** Baseline until as-files lands: plain-text formats only. */
export const extractText = async (input: {
  bytes: Buffer;
  name: string;
  contentType: string;
}): Promise<ExtractResult> => {
  if (/\.(csv|txt|md)$/i.test(input.name)) return { ok: true, text: input.bytes.toString('utf8') };
  return { ok: false, message: `文件「${input.name}」无法读取内容` };
};
