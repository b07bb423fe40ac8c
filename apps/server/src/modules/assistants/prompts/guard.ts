/*
 * SEAM (issue 16 part 7): in HomeworkAnswer and ExerciseAnswer scenes the companion guides and does not
 * hand out the answers of the current homework. Owner: helper as-prompts. The runner calls `leaksAnswer`
 * on the growing answer; true stops the model and replaces the answer with GUARD_REPLY.
 *
 * The prompt tells the model not to answer (prompts/index.ts); this is the check behind it, on what the
 * model actually wrote. It looks for what gives an answer away, not for topics: a choice question's correct
 * option(s) stated as the answer (答案是B, 选B, 正确答案：A、C), a true/false verdict on the statement, every
 * exact answer of a fill-blank question, or a large part of a reference answer or solution (60% of its
 * lines, or a common run of 40 characters after normalising; the whole of a short one). Hints that name
 * the topic, ask questions or contrast options without choosing one pass.
 */

/**
 * A question of the current homework with what would give its answer away (never sent to the model).
 * `answers` holds, by `kind`: the correct option letters (choice), 'true' or 'false' (judgment), one entry
 * per blank (blank), or the reference answer and/or solution texts (text). Without `kind` the answers are
 * read as texts, single letters as options.
 */
export type GuardQuestion = {
  title: string;
  answers: string[];
  kind?: 'choice' | 'judgment' | 'blank' | 'text';
  /** choice questions: the options, so that stating the correct option's text also counts */
  options?: { id: string; text: string }[];
};

export const GUARD_REPLY =
  '这个问题涉及当前作业的答案，我不能直接告诉你。我们换个方式：先说说你的思路，或者告诉我你卡在哪一步，我来一步步提示你。';

/** Width-folded, lower-cased, without spaces and punctuation (Chinese and ASCII). */
export const normalise = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');

// ---------------------------------------------------------------------------------------------------------
// Choice questions

/** Phrases that state an answer, followed by option letters. */
const LETTER_STATEMENTS = [
  /(?:正确|标准|参考|最终)?答案(?:应该|应当|就|一定)?(?:是|为|选)?\s*[:：]?\s*(?:选项?)?\s*((?:[A-H][\s、,，和与及/]*)+)(?![A-Za-z])/g,
  /(?:应该|应当|就|所以|因此|故)?选(?:择)?\s*(?:选项)?\s*((?:[A-H][\s、,，和与及/]*)+)(?![A-Za-z])/g,
  /正确(?:的)?(?:选项|答案)?(?:是|为|有)\s*[:：]?\s*((?:[A-H][\s、,，和与及/]*)+)(?![A-Za-z])/g,
];
/** Letters followed by a phrase that marks them right: "B是正确的", "A、C正确", "选项B正确". */
const LETTERS_MARKED_RIGHT =
  /((?:[A-H][\s、,，和与及/]*)+)(?![A-Za-z])(?:选?项)?(?:都|均)?(?:是|为)?(?:正确|对(?![应于比待象照称话错]))(?:的|答案|选项)?/g;
/** Before a statement: it is a supposition, not an answer (如果选A…). */
const SUPPOSED = /(?:如果|假如|假设|若|要是|万一|是否|可以|能否|会不会|不|非|没)\s*$/;
/** After a statement: it is a question or a choice left open (选A还是选B？). */
const OPEN_AFTER = /^\s*(?:还是|或者|或|吗|么|呢|[？?]|的话)/;
const lettersIn = (text: string) => [...new Set(text.toUpperCase().match(/[A-H]/g) ?? [])].sort().join('');

/** Every set of option letters the text states as the answer (or as the right ones). */
const statedLetterSets = (text: string): string[] => {
  const folded = text.normalize('NFKC').replace(/\*\*|__|`/g, '');
  const sets: string[] = [];
  for (const re of [...LETTER_STATEMENTS, LETTERS_MARKED_RIGHT]) {
    for (const m of folded.matchAll(re)) {
      const at = m.index ?? 0;
      if (SUPPOSED.test(folded.slice(Math.max(0, at - 4), at))) continue;
      if (OPEN_AFTER.test(folded.slice(at + m[0].length, at + m[0].length + 4))) continue;
      const letters = lettersIn(m[1] ?? '');
      if (letters) sets.push(letters);
    }
  }
  return sets;
};

const choiceLeaks = (text: string, q: GuardQuestion) => {
  const correct = lettersIn(q.answers.join(''));
  if (!correct) return false;
  if (statedLetterSets(text).includes(correct)) return true;
  // The correct option's own text stated as the answer (单选): "答案是后进先出".
  const plain = normalise(text);
  const options = (q.options ?? []).filter((o) => correct.includes(o.id.toUpperCase()));
  if (correct.length !== 1 || options.length !== 1) return false;
  const option = normalise(options[0]?.text ?? '');
  if (option.length < 2) return false;
  return [...plain.matchAll(/(?:正确答案|答案)(?:应该|应当|就)?(?:是|为)|应该选|正确的是/g)].some((m) =>
    plain
      .slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + option.length + 4)
      .includes(option),
  );
};

// ---------------------------------------------------------------------------------------------------------
// True / false

const TRUE_WORDS = '正确|对|√|true|是对的';
const FALSE_WORDS = '错误|错|×|false|不正确|不对';
/** What a verdict is about: the question's statement (not the student's reasoning). */
const SUBJECTS =
  '(?:这道题|这题|该题|本题|原题|题目|题干|题中的说法|这个说法|这种说法|该说法|原说法|这句话|该判断|这个判断|该命题|这个命题|判断题)';

const verdictPatterns = (words: string) => [
  new RegExp(
    `${SUBJECTS}(?:的答案|的说法|中的说法)?(?:应该|应当|显然|其实)?(?:是|为)?\\s*[:：]?\\s*(?:${words})(?![误确错应于比待象照])`,
    'gi',
  ),
  new RegExp(
    `答案(?:应该|应当|就)?(?:是|为|选)?\\s*[:：]?\\s*[“"「]?(?:${words})(?![误确错应于比待象照])`,
    'gi',
  ),
  new RegExp(
    `(?:(?:应该|应当|应)(?:判|判断|选|打)(?:为|成)?|(?:判|判断)(?:为|成))\\s*[“"「]?(?:${words})(?![误确错应于比待象照])`,
    'gi',
  ),
];

const judgmentLeaks = (text: string, q: GuardQuestion) => {
  const value = normaliseJudgment(q.answers[0] ?? '');
  if (!value) return false;
  const folded = text.normalize('NFKC').replace(/\*\*|__|`/g, '');
  return verdictPatterns(value === 'true' ? TRUE_WORDS : FALSE_WORDS).some((re) =>
    [...folded.matchAll(re)].some((m) => {
      const at = m.index ?? 0;
      return (
        !SUPPOSED.test(folded.slice(Math.max(0, at - 4), at)) &&
        !OPEN_AFTER.test(folded.slice(at + m[0].length, at + m[0].length + 4))
      );
    }),
  );
};

const normaliseJudgment = (answer: string): 'true' | 'false' | null => {
  const a = answer.trim().toLowerCase();
  if (['true', '正确', '对', '√', 't', 'yes', '是'].includes(a)) return 'true';
  if (['false', '错误', '错', '×', 'f', 'no', '否'].includes(a)) return 'false';
  return null;
};

// ---------------------------------------------------------------------------------------------------------
// Fill blanks

/** A blank's answer is in the text: anywhere when distinctive, else only as a stated fill (填X, 答案是X). */
const blankGiven = (plain: string, answer: string, title: string) => {
  const a = normalise(answer);
  if (a === '') return true;
  const distinctive = a.length >= 2 && !normalise(title).includes(a);
  if (distinctive) return plain.includes(a);
  const stated = new RegExp(
    `(?:填|填写|填入|答案是|答案为|答案|空是|空为|空填|应为|应该是)${a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
  );
  return stated.test(plain);
};

const blankLeaks = (text: string, q: GuardQuestion) => {
  const answers = q.answers.filter((a) => a.trim() !== '');
  if (answers.length === 0) return false;
  const plain = normalise(text);
  return answers.every((a) => blankGiven(plain, a, q.title));
};

// ---------------------------------------------------------------------------------------------------------
// Reference answers and solutions

const WINDOW = 40;
const MIN_TEXT = 8;
const LINE_SHARE = 0.6;
const MIN_LINE = 4;

/** Whether the text holds a large part of a reference: 60% of its lines, a 40-character run, or all of it. */
const referenceLeaks = (text: string, reference: string) => {
  const ref = normalise(reference);
  if (ref.length < MIN_TEXT) return false;
  const plain = normalise(text);
  if (plain.length < Math.min(ref.length, WINDOW)) return false;
  if (ref.length <= WINDOW) return plain.includes(ref);
  // A common run of WINDOW characters: every window of the text in a set, then the reference's windows.
  const windows = new Set<string>();
  for (let i = 0; i + WINDOW <= plain.length; i++) windows.add(plain.slice(i, i + WINDOW));
  for (let i = 0; i + WINDOW <= ref.length; i++) if (windows.has(ref.slice(i, i + WINDOW))) return true;
  const lines = reference
    .split('\n')
    .map(normalise)
    .filter((l) => l.length >= MIN_LINE);
  if (lines.length < 2) return false;
  const found = lines.filter((l) => plain.includes(l)).length;
  return found / lines.length >= LINE_SHARE;
};

const textLeaks = (text: string, q: GuardQuestion) => q.answers.some((a) => referenceLeaks(text, a));

// ---------------------------------------------------------------------------------------------------------

const kindOf = (q: GuardQuestion): NonNullable<GuardQuestion['kind']> => {
  if (q.kind) return q.kind;
  if (q.answers.length > 0 && q.answers.every((a) => /^[A-H]+$/.test(a.trim()))) return 'choice';
  return 'text';
};

/** Whether the (growing) answer gives away the answer of one of the questions. */
export const leaksAnswer = (text: string, questions: readonly GuardQuestion[]): boolean => {
  if (text.trim() === '') return false;
  return questions.some((q) => {
    switch (kindOf(q)) {
      case 'choice':
        return choiceLeaks(text, q);
      case 'judgment':
        return judgmentLeaks(text, q);
      case 'blank':
        return blankLeaks(text, q);
      default:
        return textLeaks(text, q);
    }
  });
};
