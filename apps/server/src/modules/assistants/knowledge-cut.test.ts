import { describe, expect, it } from 'vitest';
import { cutPassages, PASSAGE } from './knowledge-cut';

const len = (s: string) => [...s].length;
const sentence = (n: number) => `这是第${n}句关于二叉树遍历的说明文字，用来凑出足够长的段落内容。`;
const paragraph = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => sentence(from + i)).join('');

describe('cutPassages', () => {
  it('cuts on markdown headings and keeps the nearest one and the path above it', () => {
    const text =
      '# 第6章 树\n\n## 6.1 基本概念\n\n树是有限集。\n\n### 术语\n\n结点的度。\n\n## 6.2 二叉树\n\n二叉树的子树有左右之分。';
    const passages = cutPassages(text);
    expect(passages.map((p) => [p.heading, p.path, p.text])).toEqual([
      ['6.1 基本概念', ['第6章 树', '6.1 基本概念'], '树是有限集。'],
      ['术语', ['第6章 树', '6.1 基本概念', '术语'], '结点的度。'],
      ['6.2 二叉树', ['第6章 树', '6.2 二叉树'], '二叉树的子树有左右之分。'],
    ]);
  });

  it('text before the first heading has no heading', () => {
    expect(cutPassages('前言。\n\n# 第1章\n\n正文。')[0]).toEqual({
      heading: null,
      path: [],
      text: '前言。',
    });
  });

  it('packs paragraphs up to the target size and never over the maximum, with a small overlap', () => {
    const text = `## 节\n\n${Array.from({ length: 12 }, (_, i) => paragraph(i * 4, 4)).join('\n\n')}`;
    const passages = cutPassages(text);
    expect(passages.length).toBeGreaterThan(3);
    for (const p of passages) expect(len(p.text)).toBeLessThanOrEqual(PASSAGE.max);
    for (const p of passages.slice(0, -1)) expect(len(p.text)).toBeGreaterThanOrEqual(PASSAGE.min);
    // each passage after the first starts with the last sentence of the one before
    for (let i = 1; i < passages.length; i++) {
      const previousLast = passages[i - 1]!.text.split(/(?<=。)/)
        .filter(Boolean)
        .at(-1)!;
      expect(passages[i]!.text.startsWith(previousLast)).toBe(true);
    }
  });

  it('cuts a paragraph longer than the maximum at sentence ends', () => {
    const passages = cutPassages(paragraph(0, 40));
    expect(passages.length).toBeGreaterThan(1);
    for (const p of passages) {
      expect(len(p.text)).toBeLessThanOrEqual(PASSAGE.max);
      expect(p.text.endsWith('。')).toBe(true);
    }
  });

  it('keeps a fenced code block whole and does not read # inside it as a heading', () => {
    const code = '```c\n# define MAX 100\nint top = -1;\n```';
    const passages = cutPassages(`## 顺序栈\n\n栈顶指针。\n\n${code}\n\n## 链栈\n\n链栈没有头结点。`);
    expect(passages.map((p) => p.heading)).toEqual(['顺序栈', '链栈']);
    expect(passages[0]!.text).toContain(code);
  });

  it('reads the usual heading lines of plain text (a PDF’s or a Word file’s text)', () => {
    const text =
      '第三章 栈与队列\n栈是一种线性表。\n3.1 顺序栈\n顺序栈用数组实现。\n一、链栈\n链栈用链表实现。';
    expect(cutPassages(text).map((p) => [p.heading, p.text])).toEqual([
      ['第三章 栈与队列', '栈是一种线性表。'],
      ['3.1 顺序栈', '顺序栈用数组实现。'],
      ['一、链栈', '链栈用链表实现。'],
    ]);
  });

  it('gives nothing for blank text', () => {
    expect(cutPassages(' \n\n ')).toEqual([]);
  });
});
