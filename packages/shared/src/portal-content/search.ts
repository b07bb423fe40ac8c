/*
 * Search tokens for portal content (issue 15). Chinese is written without spaces and neither PGlite nor a
 * stock PostgreSQL has a Chinese parser (zhparser is an extension we cannot count on), so the text is cut
 * into n-grams here and stored as a `simple` tsvector: every CJK character and every pair of neighbouring
 * CJK characters, and every latin word or number lower-cased. A query is cut the same way and all of its
 * tokens must match: 软件工程 -> 软件 & 件工 & 工程; a single character matches itself; `java` matches the
 * prefix java:*. See docs/decisions/0019-portal-content.md.
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** a run of CJK characters, or a run of other letters and digits (a CJK character ends it: 学习Python编程) */
const RUN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])[\p{L}\p{N}])+/gu;

/** A tsvector lexeme is at most 2047 bytes; anything longer is cut. Latin words longer than 40 are rare. */
const MAX_WORD = 40;

/** The tokens of a text for the index: CJK unigrams and bigrams, latin words lower-cased (distinct). */
export const searchTokens = (text: string): string[] => {
  const out = new Set<string>();
  for (const run of text.match(RUN) ?? []) {
    if (CJK.test(run[0] ?? '')) {
      const chars = [...run];
      chars.forEach((c, i) => {
        out.add(c);
        const next = chars[i + 1];
        if (next) out.add(c + next);
      });
    } else {
      out.add(run.toLowerCase().slice(0, MAX_WORD));
    }
  }
  return [...out];
};

/** The tokens of a query, all of which must match: CJK bigrams (a lone character itself), latin prefixes. */
export const queryTokens = (query: string): { token: string; prefix: boolean }[] => {
  const out: { token: string; prefix: boolean }[] = [];
  const seen = new Set<string>();
  const add = (token: string, prefix: boolean) => {
    if (seen.has(token)) return;
    seen.add(token);
    out.push({ token, prefix });
  };
  for (const run of query.match(RUN) ?? []) {
    if (CJK.test(run[0] ?? '')) {
      const chars = [...run];
      if (chars.length === 1) add(chars[0] as string, false);
      for (let i = 0; i + 1 < chars.length; i += 1) add(`${chars[i]}${chars[i + 1]}`, false);
    } else {
      add(run.toLowerCase().slice(0, MAX_WORD), true);
    }
  }
  return out.slice(0, 32);
};

/** The plain text of an HTML body (tags dropped, entities of the usual five decoded), for tokens and excerpts. */
export const htmlToText = (html: string): string =>
  html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|h[1-6]|li|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
