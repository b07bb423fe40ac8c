import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import { getOrInsertSecret } from './system.repo';

/** Keys derived from the one app secret, one per purpose, so a signature for one use never fits another. */
export type Secrets = {
  /** HMAC-SHA256 of `data` under the key for `purpose`, base64url. */
  sign: (purpose: string, data: string) => string;
  /** Constant-time check of a signature made by `sign`. */
  verify: (purpose: string, data: string, signature: string) => boolean;
};

export const createSecrets = (appSecret: string): Secrets => {
  const keys = new Map<string, Buffer>();
  const keyFor = (purpose: string) => {
    let key = keys.get(purpose);
    if (!key) {
      key = createHmac('sha256', appSecret).update(`uplus:${purpose}`).digest();
      keys.set(purpose, key);
    }
    return key;
  };
  const sign = (purpose: string, data: string) =>
    createHmac('sha256', keyFor(purpose)).update(data).digest('base64url');
  return {
    sign,
    verify: (purpose, data, signature) => {
      const expected = Buffer.from(sign(purpose, data));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
};

/** APP_SECRET when configured; otherwise one generated on first start and kept in the database. */
export const resolveAppSecret = async (opts: { db: Db; configured: string | undefined }): Promise<string> =>
  opts.configured ?? getOrInsertSecret(opts.db, 'app', randomBytes(48).toString('base64url'));
