import { z } from 'zod';

/** The answer every API call gives: `{ success, code, message, data }`. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean().describe('true when the call succeeded'),
    code: z.number().int().describe('200 on success, otherwise the HTTP-like error code'),
    message: z.string().describe('human-readable message in Chinese'),
    data: data.describe('the payload; null on failure'),
  });

export type Envelope<T> = { success: boolean; code: number; message: string; data: T };

/** Lists: `pageNumber`, `pageSize` in; `{ rows, total }` out. */
export const pageQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), total: z.number().int() });

/** The call succeeded when the success flag is set, or status 200 with code 200 (spec 000 section 7). */
export const isSuccessAnswer = (
  status: number,
  body: { success?: unknown; code?: unknown } | null | undefined,
) => body?.success === true || (status === 200 && body?.code === 200);
