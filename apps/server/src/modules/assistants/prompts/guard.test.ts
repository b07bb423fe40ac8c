import { describe, expect, it } from 'vitest';
import { type GuardQuestion, leaksAnswer, normalise } from './guard';

const single: GuardQuestion = {
  title: '【单选题】栈的特点是？\nA. 先进先出\nB. 后进先出',
  kind: 'choice',
  answers: ['B'],
  options: [
    { id: 'A', text: '先进先出' },
    { id: 'B', text: '后进先出' },
  ],
};
const multiple: GuardQuestion = {
  title: '【多选题】下列属于线性结构的是？\nA. 栈\nB. 队列\nC. 二叉树',
  kind: 'choice',
  answers: ['A', 'B'],
};
const judgmentTrue: GuardQuestion = {
  title: '【判断题】队列是先进先出的。',
  kind: 'judgment',
  answers: ['true'],
};
const judgmentFalse: GuardQuestion = {
  title: '【判断题】栈是先进先出的。',
  kind: 'judgment',
  answers: ['false'],
};
const blanks: GuardQuestion = {
  title: '【填空题】栈的插入操作叫____，删除操作叫____。',
  kind: 'blank',
  answers: ['Push', 'Pop'],
};
const shortBlank: GuardQuestion = { title: '【填空题】1+2=____', kind: 'blank', answers: ['3'] };
const short: GuardQuestion = {
  title: '【简答题】简述栈和队列的区别',
  kind: 'text',
  answers: ['栈是后进先出的线性表，队列是先进先出的线性表'],
};
const solution = [
  'def two_sum(nums, target):',
  '    seen = {}',
  '    for i, n in enumerate(nums):',
  '        if target - n in seen:',
  '            return [seen[target - n], i]',
  '        seen[n] = i',
  '    return []',
].join('\n');
const program: GuardQuestion = { title: '【编程题】两数之和', kind: 'text', answers: [solution] };
const essay: GuardQuestion = {
  title: '【简答题】简述TCP三次握手',
  kind: 'text',
  answers: [
    '第一次握手：客户端发送SYN报文，进入SYN_SENT状态，等待服务器确认。第二次握手：服务器收到SYN后回复SYN+ACK报文，进入SYN_RCVD状态。第三次握手：客户端收到后发送ACK报文，双方进入ESTABLISHED状态，连接建立。',
  ],
};

const all = [single, multiple, judgmentTrue, blanks, short, program, essay];

describe('leaksAnswer: choice questions', () => {
  it.each([
    '答案是B。',
    '这道题选B，因为栈只能在一端操作。',
    '正确答案：B',
    '**答案：B**',
    '所以应该选 B 项。',
    'B是正确的，栈是后进先出。',
    '答案是Ｂ', // full width folded
  ])('stating the correct option leaks: %s', (text) => expect(leaksAnswer(text, [single])).toBe(true));

  it('the correct option text stated as the answer leaks', () =>
    expect(leaksAnswer('这题的答案就是后进先出。', [single])).toBe(true));

  it.each(['正确答案是A、B', '选AB', '答案：A和B', 'A、B都是正确的'])(
    'stating all correct options of a multiple choice leaks: %s',
    (text) => expect(leaksAnswer(text, [multiple])).toBe(true),
  );

  it.each([
    '选项A和选项B有什么区别？想想栈的操作在哪一端进行。',
    '如果你选A，想一想先进先出描述的是哪种结构？',
    '你觉得是选A还是选B？说说你的理由。',
    '答案不是A。再想想。',
    'B选项说的“后进先出”和A选项说的“先进先出”，哪个符合栈的定义？',
    '正确答案是A，这个判断对吗？',
  ])('hints do not leak: %s', (text) => expect(leaksAnswer(text, [single])).toBe(false));

  it('naming only one of the options of a multiple choice does not leak', () =>
    expect(leaksAnswer('答案是A吗？不完全，再想想还有哪个也是线性结构。', [multiple])).toBe(false));

  it('a wrong option stated as the answer is no leak of the answer', () =>
    expect(leaksAnswer('答案是A。', [single])).toBe(false));
});

describe('leaksAnswer: true/false', () => {
  it.each(['这个说法是正确的。', '答案：对', '本题应该判为正确', '题目的说法是对的'])(
    'the right verdict leaks: %s',
    (text) => expect(leaksAnswer(text, [judgmentTrue])).toBe(true),
  );

  it.each(['这个说法是错误的，栈是后进先出。', '答案：×', '该说法不对'])(
    'the right verdict of a false statement leaks: %s',
    (text) => expect(leaksAnswer(text, [judgmentFalse])).toBe(true),
  );

  it.each([
    '你的思路是正确的，继续想想队列的出队顺序。',
    '判断对错的关键是回忆队列的定义。',
    '这个说法对吗？你先想一想队列是从哪一端出队的。',
    '如果这个说法是正确的，那么最先入队的元素会最先出队吗？',
  ])('hints do not leak: %s', (text) => expect(leaksAnswer(text, [judgmentTrue])).toBe(false));
});

describe('leaksAnswer: fill blanks', () => {
  it('every blank given leaks', () =>
    expect(leaksAnswer('第一空填push，第二空填pop。', [blanks])).toBe(true));

  it('one blank of two does not', () =>
    expect(leaksAnswer('插入操作通常叫 push，那删除操作叫什么呢？', [blanks])).toBe(false));

  it('a short answer counts only when stated as the fill', () => {
    expect(leaksAnswer('这一空应该填3。', [shortBlank])).toBe(true);
    expect(leaksAnswer('先算个位：1加2，想想结果是几？步骤3再检查一遍。', [shortBlank])).toBe(false);
  });
});

describe('leaksAnswer: reference answers and solutions', () => {
  it('a short reference repeated leaks', () =>
    expect(leaksAnswer('总结一下：栈是后进先出的线性表，队列是先进先出的线性表。', [short])).toBe(true));

  it('a hint about the same topic does not', () =>
    expect(
      leaksAnswer('想想栈和队列分别在哪一端插入和删除元素？从这个角度比较它们的操作顺序。', [short]),
    ).toBe(false));

  it('most of a solution (lines, whatever the spacing) leaks', () =>
    expect(
      leaksAnswer(
        '可以这样写：\n```python\ndef two_sum(nums,target):\n  seen={}\n  for i,n in enumerate(nums):\n    if target-n in seen:\n      return [seen[target-n],i]\n```',
        [program],
      ),
    ).toBe(true));

  it('a hint with one line of the solution does not', () =>
    expect(
      leaksAnswer(
        '提示：可以用一个字典记录见过的数，比如 `seen = {}`，然后思考每个数需要找的“另一半”是什么。',
        [program],
      ),
    ).toBe(false));

  it('a 40-character run of a long reference leaks', () =>
    expect(
      leaksAnswer(
        '其实过程是：服务器收到SYN后回复SYN+ACK报文，进入SYN_RCVD状态。第三次握手：客户端收到后发送ACK报文。',
        [essay],
      ),
    ).toBe(true));

  it('explaining the idea in other words does not', () =>
    expect(
      leaksAnswer('三次握手的目的是让双方都确认自己和对方的收发能力。你能说说每一次握手分别确认了什么吗？', [
        essay,
      ]),
    ).toBe(false));
});

describe('leaksAnswer: as the runner calls it', () => {
  it('checks every question of the homework and nothing on an empty text', () => {
    expect(leaksAnswer('', all)).toBe(false);
    expect(leaksAnswer('我们先复习一下栈与队列的定义，然后你试着自己回答。', all)).toBe(false);
    expect(leaksAnswer('第1题答案是B。', all)).toBe(true);
  });

  it('reads letters as choices when the kind is not given', () =>
    expect(leaksAnswer('答案是C', [{ title: 'x', answers: ['C'] }])).toBe(true));

  it('normalises width, case, spaces and punctuation', () => expect(normalise('Ａ, b。 C')).toBe('abc'));
});
