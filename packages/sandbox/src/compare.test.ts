import { describe, expect, it } from 'vitest';
import { normalizeOutput, outputsMatch } from './compare';

describe('outputsMatch', () => {
  it('accepts identical output', () => {
    expect(outputsMatch('1 2 3\n4\n', '1 2 3\n4\n')).toBe(true);
  });

  it('ignores trailing spaces and tabs at line ends', () => {
    expect(outputsMatch('1 2 3   \n4\t\n', '1 2 3\n4\n')).toBe(true);
    expect(outputsMatch('a\nb', 'a   \nb \t ')).toBe(true);
  });

  it('ignores carriage returns, so Windows line ends match', () => {
    expect(outputsMatch('a\r\nb\r\n', 'a\nb\n')).toBe(true);
  });

  it('ignores trailing blank lines and a missing final newline', () => {
    expect(outputsMatch('42', '42\n')).toBe(true);
    expect(outputsMatch('42\n\n\n', '42')).toBe(true);
    expect(outputsMatch('42\n  \n\t\n', '42')).toBe(true);
  });

  it('treats empty and whitespace-only outputs as equal', () => {
    expect(outputsMatch('', '\n\n')).toBe(true);
    expect(outputsMatch('   \n', '')).toBe(true);
  });

  it('keeps leading spaces significant', () => {
    expect(outputsMatch(' 42', '42')).toBe(false);
  });

  it('keeps spaces inside a line significant', () => {
    expect(outputsMatch('1  2', '1 2')).toBe(false);
  });

  it('keeps blank lines in the middle significant', () => {
    expect(outputsMatch('a\n\nb', 'a\nb')).toBe(false);
    expect(outputsMatch('\na', 'a')).toBe(false);
  });

  it('is case sensitive and detects different content', () => {
    expect(outputsMatch('Yes', 'yes')).toBe(false);
    expect(outputsMatch('3', '4')).toBe(false);
    expect(outputsMatch('1\n2\n3', '1\n2')).toBe(false);
  });

  it('compares Chinese text exactly', () => {
    expect(outputsMatch('你好，世界\n', '你好，世界')).toBe(true);
    expect(outputsMatch('你好,世界', '你好，世界')).toBe(false);
  });
});

describe('normalizeOutput', () => {
  it('strips line-end whitespace and trailing blank lines only', () => {
    expect(normalizeOutput('  a  \r\n b\t\n\n \n')).toBe('  a\n b');
  });
});
