import { type Envelope, envelopeOf } from '@uplus/shared';
import { z } from 'zod';

/** Message of every successful answer. */
export const SUCCESS_MESSAGE = '操作成功';

/** A successful answer. */
export const ok = <T>(data: T): Envelope<T> => ({ success: true, code: 200, message: SUCCESS_MESSAGE, data });

/** A failed answer (HTTP status = code). */
export const fail = (code: number, message: string): Envelope<null> => ({
  success: false,
  code,
  message,
  data: null,
});

/** The error answer's schema. */
export const errorEnvelope = envelopeOf(z.null()).describe('failure: HTTP status = code, message in Chinese');

/** Response schemas of a route whose success payload is `data`. */
export const answers = <T extends z.ZodType>(data: T) => ({
  200: envelopeOf(data),
  '4xx': errorEnvelope,
  '5xx': errorEnvelope,
});
