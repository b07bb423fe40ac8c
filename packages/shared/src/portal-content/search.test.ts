import { describe, expect, it } from 'vitest';
import { htmlToText, queryTokens, searchTokens } from './search';

describe('portal content search tokens', () => {
  it('cuts CJK into unigrams and bigrams and keeps latin words lower-cased', () => {
    expect(searchTokens('软件工程 Python')).toEqual([
      '软',
      '软件',
      '件',
      '件工',
      '工',
      '工程',
      '程',
      'python',
    ]);
  });

  it('ends a latin word at a CJK character (Chinese mixes them without spaces)', () => {
    expect(searchTokens('学习Python编程')).toEqual(['学', '学习', '习', 'python', '编', '编程', '程']);
    expect(queryTokens('Java开发')).toEqual([
      { token: 'java', prefix: true },
      { token: '开发', prefix: false },
    ]);
  });

  it('cuts a query into bigrams, a lone character itself, latin prefixes', () => {
    expect(queryTokens('软件工程')).toEqual([
      { token: '软件', prefix: false },
      { token: '件工', prefix: false },
      { token: '工程', prefix: false },
    ]);
    expect(queryTokens('软')).toEqual([{ token: '软', prefix: false }]);
    expect(queryTokens("pyth' & !x")).toEqual([
      { token: 'pyth', prefix: true },
      { token: 'x', prefix: true },
    ]);
  });

  it('reads the text of HTML', () => {
    expect(htmlToText('<p>a&amp;b</p><script>x</script><p>c</p>')).toBe('a&b\nc');
  });
});
