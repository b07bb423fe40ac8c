/*
 * PostgreSQL text and jsonb cannot hold every JavaScript string: NUL (U+0000) is refused by both, and a
 * lone UTF-16 surrogate (half of an emoji cut in two) is refused by jsonb. Model answers and pasted text
 * may carry either; neither is visible or meaningful, so they are removed before text is checked and stored.
 */

const UNSTORABLE = '\\u0000|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const UNSTORABLE_ALL = new RegExp(UNSTORABLE, 'g');
const UNSTORABLE_ONE = new RegExp(UNSTORABLE);

/** The text without the characters PostgreSQL cannot store (NUL, lone surrogates). */
export const storableText = (text: string): string => text.replace(UNSTORABLE_ALL, '');

/** Whether the text holds a character PostgreSQL cannot store. */
export const hasUnstorableText = (text: string): boolean => UNSTORABLE_ONE.test(text);

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  // Parsed query strings and forms (fast-querystring) have an empty prototype whose own prototype is null.
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
};

/** A copy of a JSON-like value with `storableText` applied to every string in it, keys included. */
export const storable = <T>(value: T): T => {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) return value.map((item) => storable(item)) as T;
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [storableText(key), storable(item)]),
    ) as T;
  }
  return value;
};
