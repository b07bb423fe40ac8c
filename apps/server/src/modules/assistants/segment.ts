import { createRequire } from 'node:module';
import type { Jieba } from '@node-rs/jieba';

/*
 * Chinese segmentation for the knowledge base (issue 16 part 6). Neither PGlite nor a stock PostgreSQL has
 * a Chinese parser, so text is cut into words here (jieba, search mode: 二叉排序树 gives 二叉 / 排序 / 树 and
 * the dictionary's longer words as well) and stored as a `simple` tsvector of the space-joined tokens. The
 * same function cuts a passage for the index and a question for the search, so both sides always agree.
 *
 * Tokens: lower-cased (full-width letters and digits folded first), stop words dropped, and for CJK runs
 * that jieba leaves as single characters or as words of three characters and more also the character
 * bigrams, so a term the dictionary does not know (判满, 迪杰斯特拉) still matches piece by piece.
 */

const require = createRequire(import.meta.url);

let jieba: Jieba | null = null;
/** The segmenter, built once on first use (reading the dictionary takes ~200 ms). */
const segmenter = (): Jieba => {
  if (!jieba) {
    const { Jieba: JiebaClass } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
    const { dict } = require('@node-rs/jieba/dict.js') as { dict: Uint8Array };
    jieba = JiebaClass.withDict(dict);
  }
  return jieba;
};

const HAN = /\p{Script=Han}/u;
const WORDISH = /[\p{L}\p{N}]/u;
/** A tsvector lexeme is at most 2047 bytes; longer latin words are cut. */
const MAX_TOKEN = 40;

/**
 * Words that say nothing about the subject: function words, question words and the polite frame of a
 * student's question (请问, 老师, 怎么, 什么是 …). Dropped on both sides.
 */
export const STOP_WORDS = new Set(
  (
    '的 了 是 在 和 与 或 及 也 都 就 而 但 把 被 对 从 为 以 于 之 其 这 那 这个 那个 这些 那些 个 上 下 等 又 再 还 ' +
    '让 给 吗 呢 吧 啊 呀 么 着 过 得 地 该 能 会 要 可 可以 能够 有 没有 没 不 一 一个 一种 一下 所 如 若 则 即 将 并 ' +
    '由 向 到 时 此 它 它们 我 我们 你 你们 他 他们 她 怎 怎么 怎么样 怎样 如何 什么 什么样 为什么 为何 哪 哪些 哪个 ' +
    '哪里 多少 几 几种 请 请问 老师 同学 一下子 是不是 是否 有没有 能不能 呢 吗 之间 以及 而且 并且 或者 还是 ' +
    '因为 所以 如果 那么 就是 其中 什么叫 叫 叫做 称为 用 来 去 做 下面 上面 中 里 里面 时候 的话 说 讲 讲讲 ' +
    '解释 介绍 一般 通常 主要 什么意思 意思 呢 吧 嘛 啦 哦 the a an of to in is are be and or for on with what ' +
    'how why which does do can'
  ).split(/\s+/),
);

/** Full-width letters, digits and punctuation folded to ASCII (ＫＭＰ -> KMP), then lower case. */
const fold = (text: string) => text.normalize('NFKC').toLowerCase();

const bigrams = (word: string): string[] => {
  const chars = [...word];
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}`);
  return out;
};

/**
 * The tokens of a text, in order (repeats kept: the tsvector counts them): jieba's search-mode words,
 * lower-cased, stop words and punctuation dropped; plus the bigrams of CJK words of three or more
 * characters and of runs of single CJK characters (likely words outside the dictionary).
 */
export const segment = (text: string): string[] => {
  const words = segmenter().cutForSearch(fold(text), true);
  const out: string[] = [];
  let singles = '';
  const flushSingles = () => {
    if ([...singles].length >= 2) for (const b of bigrams(singles)) if (!STOP_WORDS.has(b)) out.push(b);
    singles = '';
  };
  for (const raw of words) {
    const word = raw.trim();
    if (!word || !WORDISH.test(word)) {
      flushSingles();
      continue;
    }
    const chars = [...word];
    const han = HAN.test(word);
    if (han && chars.length === 1) {
      if (STOP_WORDS.has(word)) flushSingles();
      else {
        singles += word;
        out.push(word);
      }
      continue;
    }
    flushSingles();
    if (STOP_WORDS.has(word)) continue;
    out.push(han ? word : chars.slice(0, MAX_TOKEN).join(''));
    if (han && chars.length >= 3) out.push(...bigrams(word).filter((b) => !STOP_WORDS.has(b)));
  }
  flushSingles();
  return out;
};

/** The distinct tokens of a question, in first-seen order, at most `max` (for a tsquery). */
export const queryTokens = (query: string, max = 32): string[] => [...new Set(segment(query))].slice(0, max);

/** The text for `to_tsvector('simple', …)`: the tokens joined by spaces (no token holds a space). */
export const tsvectorText = (text: string): string => segment(text).join(' ');
