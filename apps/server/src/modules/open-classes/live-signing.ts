import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Signing for the live provider (issue 12).
 *
 * Play and push addresses use Alibaba Cloud CDN / ApsaraVideo Live URL authentication "type A":
 *   {address}?auth_key={timestamp}-{rand}-{uid}-{md5hash}
 *   md5hash = md5("{uri}-{timestamp}-{rand}-{uid}-{key}")
 * where uri is the address's path (e.g. /live/session-7.m3u8), timestamp the expiry in Unix seconds, rand a
 * random string without '-', uid '0' and key the provider's auth key (LIVE_AUTH_KEY). The provider recomputes
 * the hash and refuses an altered or expired address. Alibaba's documented example
 * (/video/standard/test.mp4, 1444435200, 0, 0, aliyuncdnexp1234 -> 23bf85053008f5c0e791667a313e28ce) is a test.
 *
 * Chat and watch tokens are "{payload}.{signature}": payload the base64url of {"sid","uid","exp"} (session,
 * user, expiry in Unix seconds), signature the hex HMAC-SHA256 of the payload with LIVE_CHAT_SECRET (chat) or
 * LIVE_AUTH_KEY (watch). The provider's chat service checks them with the same secret.
 */

/** The auth_key value of type A signing. */
export const authKeyOf = (opts: {
  uri: string;
  timestamp: number;
  rand: string;
  uid: string;
  key: string;
}) => {
  const hash = createHash('md5')
    .update(`${opts.uri}-${opts.timestamp}-${opts.rand}-${opts.uid}-${opts.key}`)
    .digest('hex');
  return `${opts.timestamp}-${opts.rand}-${opts.uid}-${hash}`;
};

/** An address signed with type A (expires at `expiresAtSeconds`); unsigned when there is no key. */
export const signLiveUrl = (
  address: string,
  opts: { key: string | undefined; expiresAtSeconds: number; rand?: string; uid?: string },
) => {
  if (!opts.key) return address;
  const url = new URL(address);
  const authKey = authKeyOf({
    uri: url.pathname,
    timestamp: opts.expiresAtSeconds,
    rand: opts.rand ?? randomBytes(8).toString('hex'),
    uid: opts.uid ?? '0',
    key: opts.key,
  });
  url.searchParams.set('auth_key', authKey);
  return url.toString();
};

/** A chat or watch token for one user and session, expiring at `expiresAtSeconds`. */
export const liveTokenOf = (opts: {
  secret: string;
  sessionId: number;
  userId: number;
  expiresAtSeconds: number;
}) => {
  const payload = Buffer.from(
    JSON.stringify({ sid: String(opts.sessionId), uid: String(opts.userId), exp: opts.expiresAtSeconds }),
  ).toString('base64url');
  const signature = createHmac('sha256', opts.secret).update(payload).digest('hex');
  return `${payload}.${signature}`;
};

/** Checks a token made by `liveTokenOf` (what the provider does); its claims, or null. */
export const verifyLiveToken = (token: string, secret: string, nowSeconds: number) => {
  const [payload = '', signature = ''] = token.split('.');
  const expected = createHmac('sha256', secret).update(payload).digest('hex');
  if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected)))
    return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    sid: string;
    uid: string;
    exp: number;
  };
  return claims.exp > nowSeconds ? claims : null;
};

/** The stream name of a session on the provider. */
export const streamNameOf = (sessionId: number) => `session-${sessionId}`;

/** `{base}/{name}{ext}` without a doubled slash. */
export const streamAddress = (base: string, name: string, ext = '') =>
  `${base.replace(/\/+$/, '')}/${name}${ext}`;
