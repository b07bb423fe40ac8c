import { describe, expect, it } from 'vitest';
import { queryTokens, segment, tsvectorText } from './segment';

describe('segment', () => {
  it('cuts Chinese into words in search mode, dropping stop words and punctuation', () => {
    // 复杂度 (three characters) also gives its bigrams 复杂 / 杂度; 的, 是, 多少 and ？ are dropped
    expect(segment('快速排序的时间复杂度是多少？')).toEqual([
      '快速',
      '排序',
      '时间',
      '复杂',
      '复杂度',
      '复杂',
      '杂度',
    ]);
  });

  it('keeps single-character subject words (栈, 树, 图) and drops single function words', () => {
    const tokens = segment('栈和队列的区别');
    expect(tokens).toContain('栈');
    expect(tokens).toContain('队列');
    expect(tokens).not.toContain('和');
    expect(tokens).not.toContain('的');
  });

  it('lower-cases latin words and folds full-width letters', () => {
    expect(segment('ＫＭＰ算法的Next数组')).toEqual(['kmp', '算法', 'next', '数组']);
  });

  it('adds the bigrams of long words and of runs of single characters (words outside the dictionary)', () => {
    const tokens = segment('迪杰斯特拉');
    expect(tokens).toEqual(expect.arrayContaining(['迪杰', '斯特拉', '斯特', '特拉']));
    // 链 / 地址 / 法: no bigram across a stop word, and 法 alone stays
    expect(segment('边吗')).toEqual(['边']);
  });

  it('drops the polite frame of a question entirely', () => {
    expect(segment('请问老师，这个是什么？')).toEqual([]);
  });

  it('cuts a passage and a question about it into overlapping tokens (the same function on both sides)', () => {
    const passage = new Set(segment('循环队列中，队空和队满时都有 front == rear，无法区分。'));
    const question = queryTokens('循环队列的队满怎么区分');
    expect(question.filter((t) => passage.has(t))).toEqual(expect.arrayContaining(['循环', '队列', '区分']));
  });

  it('gives distinct query tokens in order, at most the maximum', () => {
    expect(queryTokens('栈 栈 栈 队列')).toEqual(['栈', '队列']);
    expect(queryTokens('一 二 三 四 五 六 七 八 九 十 甲 乙 丙 丁', 3)).toHaveLength(3);
  });

  it('joins tokens by spaces for to_tsvector', () => {
    expect(tsvectorText('二叉树的遍历')).toBe(segment('二叉树的遍历').join(' '));
    expect(tsvectorText('')).toBe('');
  });
});
