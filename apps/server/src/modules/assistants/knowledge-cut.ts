/*
 * A material's text cut into passages (issue 16 part 6): what retrieval finds, the model reads and a
 * citation opens. Sections are cut on headings (markdown `#` headings, and in plain text the usual
 * Chinese heading lines: 第一章 …, 一、…, 1.2 …); a section's paragraphs are packed into passages of about
 * TARGET characters (never more than MAX unless one sentence is longer), a long paragraph is cut at
 * sentence ends, and each passage after the first of a section starts with the last sentence of the one
 * before (a small overlap, so an answer that straddles the cut is found in either). A fenced code block is
 * never cut inside unless it alone is longer than MAX.
 */

export type CutPassage = {
  /** the nearest heading above the passage (null before the first heading) */
  heading: string | null;
  /** the headings above it, outermost first (for the index: a question naming the chapter finds it) */
  path: string[];
  text: string;
};

export const PASSAGE = { min: 300, target: 480, max: 600, overlap: 120 } as const;

const len = (s: string) => [...s].length;

const MD_HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
/** Plain-text heading lines: 第三章 栈与队列, 第2节 …, 一、…, （一）…, 3.2 循环队列, 3.2.1 … */
const TEXT_HEADING =
  /^(第[一二三四五六七八九十百零\d]+[章节部分篇讲]\s*.{0,30}|[一二三四五六七八九十]+[、.．]\s*.{1,30}|[（(][一二三四五六七八九十\d]+[)）]\s*.{1,30}|\d+(\.\d+){1,3}\.?\s+.{1,30})$/;

/** The heading level of a line, or 0: markdown levels 1-6; plain-text headings by their numbering. */
const headingOf = (line: string, markdown: boolean): { level: number; text: string } | null => {
  const md = MD_HEADING.exec(line);
  if (md) return { level: md[1]!.length, text: md[2]!.replace(/[*_`]/g, '').trim() };
  if (markdown) return null;
  const trimmed = line.trim();
  if (len(trimmed) > 36 || /[。！？；，,;:：]$/.test(trimmed) || !TEXT_HEADING.test(trimmed)) return null;
  if (/^第.+[章篇部分]/.test(trimmed)) return { level: 1, text: trimmed };
  if (/^第.+[节讲]/.test(trimmed) || /^[一二三四五六七八九十]+[、.．]/.test(trimmed))
    return { level: 2, text: trimmed };
  const dots = /^\d+(\.\d+)+/.exec(trimmed)?.[0].split('.').length ?? 3;
  return { level: Math.min(6, dots), text: trimmed };
};

/** Sentences of a paragraph (each keeps its end mark); a line break also ends one. */
const sentences = (paragraph: string): string[] =>
  paragraph
    .split(/(?<=[。！？!?；;])|\n/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Splits a block longer than MAX: at sentence ends, and a sentence longer than MAX every MAX chars. */
const splitLong = (block: string): string[] => {
  const out: string[] = [];
  let current = '';
  const pushPieces = (s: string) => {
    const chars = [...s];
    for (let i = 0; i < chars.length; i += PASSAGE.max) out.push(chars.slice(i, i + PASSAGE.max).join(''));
  };
  for (const s of block.startsWith('```') ? block.split('\n') : sentences(block)) {
    if (len(s) > PASSAGE.max) {
      if (current) out.push(current);
      current = '';
      pushPieces(s);
      continue;
    }
    const joined = current ? (block.startsWith('```') ? `${current}\n${s}` : `${current}${s}`) : s;
    if (len(joined) > PASSAGE.target && current) {
      out.push(current);
      current = s;
    } else current = joined;
  }
  if (current) out.push(current);
  return out;
};

/** The last sentence of a passage, if short enough to repeat at the start of the next one. */
const overlapOf = (text: string): string => {
  if (text.startsWith('```')) return '';
  const last = sentences(text).pop() ?? '';
  return len(last) <= PASSAGE.overlap && len(last) < len(text) ? last : '';
};

/** A section's blocks (paragraphs, list runs, fenced code) packed into passages. */
const packSection = (blocks: string[]): string[] => {
  const pieces = blocks.flatMap((b) => (len(b) > PASSAGE.max ? splitLong(b) : [b]));
  const out: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (!current) {
      current = piece;
      continue;
    }
    const joined = `${current}\n\n${piece}`;
    if (len(joined) <= PASSAGE.max && (len(current) < PASSAGE.min || len(joined) <= PASSAGE.target)) {
      current = joined;
      continue;
    }
    out.push(current);
    const overlap = overlapOf(current);
    current = overlap && len(overlap) + len(piece) + 2 <= PASSAGE.max ? `${overlap}\n\n${piece}` : piece;
  }
  if (current) out.push(current);
  return out;
};

/** The blocks of a section's lines: paragraphs split on blank lines, fenced code kept whole. */
const blocksOf = (lines: string[]): string[] => {
  const blocks: string[] = [];
  let current: string[] = [];
  let fenced = false;
  const flush = () => {
    const text = current.join('\n').trim();
    if (text) blocks.push(text);
    current = [];
  };
  for (const line of lines) {
    if (/^\s*```/.test(line)) {
      if (!fenced) flush();
      current.push(line);
      fenced = !fenced;
      if (!fenced) flush();
      continue;
    }
    if (!fenced && line.trim() === '') flush();
    else current.push(line);
  }
  flush();
  return blocks;
};

/** Cuts a material's text into passages (markdown headings, or plain-text heading lines). */
export const cutPassages = (text: string): CutPassage[] => {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const markdown = lines.some((l) => MD_HEADING.test(l));
  const out: CutPassage[] = [];
  const stack: { level: number; text: string }[] = [];
  let section: string[] = [];
  let fenced = false;
  const flush = () => {
    const heading = stack.at(-1)?.text ?? null;
    const path = stack.map((h) => h.text);
    for (const passage of packSection(blocksOf(section))) out.push({ heading, path, text: passage });
    section = [];
  };
  for (const line of lines) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = fenced ? null : headingOf(line, markdown);
    if (!heading) {
      section.push(line);
      continue;
    }
    flush();
    while (stack.length && stack.at(-1)!.level >= heading.level) stack.pop();
    stack.push(heading);
  }
  flush();
  return out;
};
