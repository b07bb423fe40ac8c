import { describe, expect, it } from 'vitest';
import { createKnowledgeBody, homeworkBatchQuery } from './question-bank';
import {
  answerLetters,
  fromExerciseQuestion,
  type GeneratedQuestion,
  type GeneratedQuestionInput,
  generatedQuestion,
  importPartialMessage,
  normalizeQuestion,
  parseKnowledges,
  purposeOfSource,
  QSN_TYPE_NAMES,
  QUESTION_MSG,
  questionFailure,
  toExerciseQuestion,
  validateQuestion,
} from './questions';

const q = (input: GeneratedQuestionInput): GeneratedQuestion => generatedQuestion.parse(input);

const single = (over: Partial<GeneratedQuestionInput> = {}) =>
  q({
    qsnType: 1,
    titleText: '栈的特点是？',
    options: [
      { id: 'A', optionContent: '先进先出' },
      { id: 'B', optionContent: '后进先出' },
    ],
    answer: 'B',
    ...over,
  });

const coding = (over: Partial<GeneratedQuestionInput> = {}) =>
  q({
    qsnType: 5,
    titleText: '两数之和',
    description: '输入两个整数，输出它们的和',
    language: 'python3',
    answer: 'print(sum(map(int, input().split())))',
    testcases: [
      { input: '1 2', output: '3', weight: 50 },
      { input: '3 4', output: '7', weight: 50 },
    ],
    ...over,
  });

const messages = (question: GeneratedQuestion) => validateQuestion(question).map((i) => i.message);
const fields = (question: GeneratedQuestion) => validateQuestion(question).map((i) => i.field);

describe('the spec texts', () => {
  it('are exactly the spec’s', () => {
    expect(QUESTION_MSG).toMatchObject({
      titleRequired: '请输入题目',
      descriptionRequired: '请输入描述',
      optionsTooFew: '请至少填入两个选项',
      optionEmpty: '选项不能为空',
      choiceAnswerRequired: '请选择参考答案',
      answerRequired: '请输入参考答案',
      multipleAnswersTooFew: '多选题必须有两个或以上的答案',
      testcasesRequired: '测试用例不能为空，请尝试重新生成',
      testcaseOutputRequired: '测试用例的标准输出内容不能为空',
      weightsSum: '测试用例的评分占比之和必须为100',
      knowledgeTooLong: '输入的字符过长!',
      importInvalid: '题目未填写完整，请检查题目并完善标红字段',
      homeworkIdRequired: '导入作业未指定homeworkId',
      generationFailed: 'AI出题失败',
      importSucceeded: '导入成功！',
    });
    expect(importPartialMessage(2, 1)).toBe('导入完成，2题成功导入，1题导入失败，请检查题目!');
    expect(QSN_TYPE_NAMES[1]).toBe('单选题');
    expect(QSN_TYPE_NAMES[8]).toBe('函数题');
  });
});

describe('validateQuestion (spec 5.1)', () => {
  it('accepts complete questions of every generator type', () => {
    expect(validateQuestion(single())).toEqual([]);
    expect(
      validateQuestion(q({ qsnType: 2, titleText: 't', options: single().options, answer: 'AB' })),
    ).toEqual([]);
    expect(validateQuestion(q({ qsnType: 3, titleText: '1+1=2', answer: 'true' }))).toEqual([]);
    expect(validateQuestion(q({ qsnType: 7, titleText: '什么是栈', answer: '后进先出的表' }))).toEqual([]);
    expect(validateQuestion(coding())).toEqual([]);
    expect(validateQuestion(coding({ qsnType: 8, codeModel: 'def add(a, b):\n    pass' }))).toEqual([]);
  });

  it('needs a title: 请输入题目', () => {
    expect(validateQuestion(single({ titleText: '  ' }))).toEqual([
      { field: 'titleText', message: '请输入题目' },
    ]);
    expect(messages(single({ titleText: undefined }))).toEqual(['请输入题目']);
  });

  it('needs a description for programming and function questions: 请输入描述', () => {
    expect(validateQuestion(coding({ description: '' }))).toEqual([
      { field: 'description', message: '请输入描述' },
    ]);
    expect(messages(coding({ qsnType: 8, description: ' ' }))).toEqual(['请输入描述']);
    // Not for others.
    expect(messages(q({ qsnType: 7, titleText: 't', answer: 'a' }))).toEqual([]);
  });

  it('needs two options, none empty: 请至少填入两个选项, 选项不能为空', () => {
    expect(messages(single({ options: [{ id: 'A', optionContent: 'x' }], answer: 'A' }))).toEqual([
      '请至少填入两个选项',
    ]);
    expect(
      validateQuestion(
        single({
          options: [
            { id: 'A', optionContent: 'x' },
            { id: 'B', optionContent: ' ' },
          ],
          answer: 'A',
        }),
      ),
    ).toEqual([{ field: 'options.1.optionContent', message: '选项不能为空' }]);
    expect(messages(q({ qsnType: 2, titleText: 't', options: [], answer: '' }))).toEqual([
      '请至少填入两个选项',
      '请选择参考答案',
    ]);
  });

  it('needs an answer: 请选择参考答案 for types 1 to 3, 请输入参考答案 otherwise', () => {
    expect(messages(single({ answer: '' }))).toEqual(['请选择参考答案']);
    expect(messages(q({ qsnType: 3, titleText: 't', answer: '' }))).toEqual(['请选择参考答案']);
    expect(messages(q({ qsnType: 7, titleText: 't', answer: ' ' }))).toEqual(['请输入参考答案']);
    expect(messages(coding({ answer: '' }))).toEqual(['请输入参考答案']);
    expect(messages(q({ qsnType: 6, titleText: '栈是__结构', answer: '', answerList: [] }))).toEqual([
      '请输入参考答案',
    ]);
    expect(messages(q({ qsnType: 6, titleText: '栈是__结构', answer: '', answerList: ['线性'] }))).toEqual(
      [],
    );
  });

  it('needs two or more letters for multiple choice: 多选题必须有两个或以上的答案', () => {
    const options = [
      { id: 'A', optionContent: 'x' },
      { id: 'B', optionContent: 'y' },
      { id: 'C', optionContent: 'z' },
    ];
    expect(messages(q({ qsnType: 2, titleText: 't', options, answer: 'A' }))).toEqual([
      '多选题必须有两个或以上的答案',
    ]);
    expect(messages(q({ qsnType: 2, titleText: 't', options, answer: 'A,C' }))).toEqual([]);
  });

  it('needs exactly one correct option for single choice, and answers among the options', () => {
    expect(messages(single({ answer: 'AB' }))).toEqual([QUESTION_MSG.singleAnswerOnly]);
    expect(messages(single({ answer: 'D' }))).toEqual([QUESTION_MSG.answerNotAnOption]);
  });

  it('needs "true" or "false" for judgment', () => {
    expect(messages(q({ qsnType: 3, titleText: 't', answer: '对' }))).toEqual([QUESTION_MSG.judgmentAnswer]);
    expect(messages(q({ qsnType: 3, titleText: 't', answer: 'false' }))).toEqual([]);
  });

  it('needs test cases with outputs: 测试用例不能为空，请尝试重新生成, 测试用例的标准输出内容不能为空', () => {
    expect(validateQuestion(coding({ testcases: [] }))).toEqual([
      { field: 'testcases', message: '测试用例不能为空，请尝试重新生成' },
    ]);
    expect(messages(coding({ testcases: undefined }))).toEqual(['测试用例不能为空，请尝试重新生成']);
    expect(
      validateQuestion(
        coding({
          testcases: [
            { input: '1 2', output: '3', weight: 50 },
            { input: '3 4', output: '  ', weight: 50 },
          ],
        }),
      ),
    ).toEqual([{ field: 'testcases.1.output', message: '测试用例的标准输出内容不能为空' }]);
  });

  it('needs weights summing to 100 under strategy Part only: 测试用例的评分占比之和必须为100', () => {
    const cases = [
      { input: '1', output: '1', weight: 40 },
      { input: '2', output: '2', weight: 50 },
    ];
    expect(messages(coding({ testcases: cases }))).toEqual(['测试用例的评分占比之和必须为100']);
    expect(messages(coding({ testcases: cases, programScoreStrategy: 'Part' }))).toEqual([
      '测试用例的评分占比之和必须为100',
    ]);
    expect(messages(coding({ testcases: cases, programScoreStrategy: 'All' }))).toEqual([]);
  });

  it('holds weights to integers 0 to 100 (spec 5.5)', () => {
    const cases = [
      { input: '1', output: '1', weight: 120 },
      { input: '2', output: '2', weight: -20 },
    ];
    expect(messages(coding({ testcases: cases }))).toEqual([QUESTION_MSG.weightRange]);
  });

  it('holds max run time and reference time to 1..10000 ms and the performance share to 1..100 (spec 5.5)', () => {
    expect(messages(coding({ maxTime: 0 }))).toEqual([QUESTION_MSG.maxTimeRange]);
    expect(messages(coding({ maxTime: 10_001 }))).toEqual([QUESTION_MSG.maxTimeRange]);
    expect(messages(coding({ maxTime: 10_000 }))).toEqual([]);
    expect(messages(coding({ isPerformance: 1, runtime: 0 }))).toEqual([QUESTION_MSG.runtimeRange]);
    expect(messages(coding({ isPerformance: 1, runtime: 10_001 }))).toEqual([QUESTION_MSG.runtimeRange]);
    expect(messages(coding({ isPerformance: 1, ratePerformance: 0 }))).toEqual([
      QUESTION_MSG.performanceShareRange,
    ]);
    expect(messages(coding({ isPerformance: 1, ratePerformance: 101 }))).toEqual([
      QUESTION_MSG.performanceShareRange,
    ]);
    expect(messages(coding({ isPerformance: 1, ratePerformance: 100, runtime: 1 }))).toEqual([]);
    // Without performance scoring they are not used, but they are stored: their bounds hold all the same.
    expect(messages(coding({ isPerformance: 0, ratePerformance: 0 }))).toEqual([
      QUESTION_MSG.performanceShareRange,
    ]);
    expect(messages(coding({ isPerformance: 0, ratePerformance: 20, runtime: 200 }))).toEqual([]);
  });

  it('holds text boxes to 1000 characters', () => {
    const long = '字'.repeat(1001);
    expect(validateQuestion(single({ titleText: long }))).toEqual([
      { field: 'titleText', message: QUESTION_MSG.textTooLong },
    ]);
    expect(messages(single({ titleText: '字'.repeat(1000) }))).toEqual([]);
    expect(fields(single({ tip: long }))).toEqual(['tip']);
    expect(fields(coding({ description: long }))).toEqual(['description']);
    expect(fields(q({ qsnType: 7, titleText: 't', answer: long }))).toEqual(['answer']);
    expect(
      fields(
        single({
          options: [
            { id: 'A', optionContent: long },
            { id: 'B', optionContent: 'x' },
          ],
        }),
      ),
    ).toEqual(['options.0.optionContent']);
    // Code is not a text box.
    expect(messages(coding({ answer: `print(1)\n${'#'.repeat(2000)}` }))).toEqual([]);
  });

  it('holds knowledge tags to 20 characters (输入的字符过长!) and at most 10', () => {
    expect(validateQuestion(single({ knowledges: `栈,${'长'.repeat(21)}` }))).toEqual([
      { field: 'knowledges', message: '输入的字符过长!' },
    ]);
    expect(messages(single({ knowledges: '长'.repeat(20) }))).toEqual([]);
    expect(messages(single({ knowledges: Array.from({ length: 11 }, (_, i) => `k${i}`).join(',') }))).toEqual(
      [QUESTION_MSG.tooManyKnowledges],
    );
    expect(
      messages(single({ knowledges: Array.from({ length: 10 }, (_, i) => `k${i}`).join('，') })),
    ).toEqual([]);
  });

  it('holds difficulty to 1..5 stars', () => {
    expect(messages(single({ difficulty: 0 }))).toEqual([QUESTION_MSG.difficultyRange]);
    expect(messages(single({ difficulty: 6 }))).toEqual([QUESTION_MSG.difficultyRange]);
    expect(messages(single({ difficulty: 5 }))).toEqual([]);
  });

  it('names the first broken rule for failureMsg', () => {
    expect(questionFailure(single({ titleText: '', answer: '' }))).toBe('请输入题目');
    expect(questionFailure(single())).toBeNull();
  });
});

describe('helpers', () => {
  it('parses knowledges and answer letters', () => {
    expect(parseKnowledges(' 栈, 队列，链表、 ,')).toEqual(['栈', '队列', '链表']);
    expect(answerLetters('c,a')).toEqual(['A', 'C']);
    expect(answerLetters('')).toEqual([]);
  });

  it('maps sources to purposes', () => {
    expect(purposeOfSource('homework')).toBe('HomeworkQuestion');
    expect(purposeOfSource('examination')).toBe('ExaminationQuestion');
    expect(purposeOfSource('library')).toBe('InCommonUseQuestion');
    expect(purposeOfSource('home')).toBe('InCommonUseQuestion');
  });

  it('checks request bodies with the same texts', () => {
    expect(homeworkBatchQuery.safeParse({}).error?.issues[0]?.message).toBe('导入作业未指定homeworkId');
    expect(homeworkBatchQuery.safeParse({ homeworkId: ' ' }).error?.issues[0]?.message).toBe(
      '导入作业未指定homeworkId',
    );
    expect(createKnowledgeBody.safeParse({ name: '长'.repeat(21) }).error?.issues[0]?.message).toBe(
      '输入的字符过长!',
    );
    expect(createKnowledgeBody.parse({ name: ' 栈 ' })).toEqual({ name: '栈', isLibrary: 0 });
  });
});

describe('normalizeQuestion (spec 3.3)', () => {
  it('gives options letters by position and maps the answer to them', () => {
    const n = normalizeQuestion(
      q({
        qsnType: 2,
        titleText: 't',
        options: [
          { id: '1', optionContent: ' x ' },
          { id: '2', optionContent: 'y' },
          { id: '3', optionContent: 'z' },
        ],
        answer: '3, 1',
      }),
      { purpose: 'HomeworkQuestion' },
    );
    expect(n.options).toEqual([
      { id: 'A', optionContent: 'x' },
      { id: 'B', optionContent: 'y' },
      { id: 'C', optionContent: 'z' },
    ]);
    expect(n.answer).toBe('AC');
    expect(n.qsnName).toBe('多选题');
    expect(n.everyScore).toBe(10);
    expect(n.purpose).toBe('HomeworkQuestion');
    expect(normalizeQuestion(single({ answer: 'b' })).answer).toBe('B');
    expect(normalizeQuestion(single({ answer: 'A, B' })).answer).toBe('AB');
  });

  it('writes judgment answers as "true"/"false"', () => {
    expect(normalizeQuestion(q({ qsnType: 3, titleText: 't', answer: '正确' })).answer).toBe('true');
    expect(normalizeQuestion(q({ qsnType: 3, titleText: 't', answer: 'False' })).answer).toBe('false');
    expect(normalizeQuestion(q({ qsnType: 3, titleText: 't', answer: '也许' })).answer).toBe('也许');
  });

  it('sets the coding defaults and splits weights evenly, the remainder on the last', () => {
    const n = normalizeQuestion(
      coding({
        isAutojudge: 0,
        testcases: [
          { input: '1', output: '1', weight: 0 },
          { input: '2', output: '2', weight: 0 },
          { input: '3', output: '3', weight: 0 },
        ],
      }),
    );
    expect(n).toMatchObject({
      isAutojudge: 1,
      programScoreStrategy: 'Part',
      isPerformance: 0,
      maxTime: 2000,
      ratePerformance: 20,
      runtime: 200,
    });
    expect(n.testcases?.map((c) => c.weight)).toEqual([33, 33, 34]);
    expect(validateQuestion(n)).toEqual([]);
  });

  it('keeps hand-adjusted weights', () => {
    const n = normalizeQuestion(
      coding({ caseWeightAdjusted: true, testcases: [{ input: '', output: '1', weight: 70 }] }),
    );
    expect(n.testcases?.[0]?.weight).toBe(70);
  });

  it('clamps difficulty and cleans knowledges', () => {
    const n = normalizeQuestion(single({ difficulty: 9, knowledges: '栈， 队列,,' }));
    expect(n.difficulty).toBe(5);
    expect(n.knowledges).toBe('栈,队列');
  });
});

describe('exercise-set conversion (spec 3.3)', () => {
  it('converts a choice question', () => {
    const e = toExerciseQuestion(normalizeQuestion(single({ knowledges: '栈,线性表', tip: '栈是LIFO' })));
    expect(e).toEqual({
      title: '栈的特点是？',
      type: '单选题',
      difficulty: 3,
      knowledges: ['栈', '线性表'],
      analysis: '栈是LIFO',
      score: 10,
      options: [
        { id: 'A', content: '先进先出' },
        { id: 'B', content: '后进先出' },
      ],
      answers: ['B'],
      aiExerId: null,
    });
  });

  it('converts a coding question with cases and performance fields', () => {
    const e = toExerciseQuestion(normalizeQuestion(coding()));
    expect(e).toMatchObject({
      type: '编程题',
      description: '输入两个整数，输出它们的和',
      language: 'python3',
      answers: ['print(sum(map(int, input().split())))'],
      cases: [
        { input: '1 2', output: '3', weight: 50 },
        { input: '3 4', output: '7', weight: 50 },
      ],
      programScoreStrategy: 'Part',
      isPerformance: 0,
      maxTime: 2000,
      ratePerformance: 20,
      runtime: 200,
    });
  });

  it('converts back for validation, round trip keeping the rules’ view', () => {
    for (const original of [
      normalizeQuestion(single()),
      normalizeQuestion(q({ qsnType: 2, titleText: 't', options: single().options, answer: 'AB' })),
      normalizeQuestion(q({ qsnType: 3, titleText: 't', answer: 'true' })),
      normalizeQuestion(coding()),
    ]) {
      const back = fromExerciseQuestion(toExerciseQuestion(original));
      expect(back).not.toBeNull();
      expect(validateQuestion(back as GeneratedQuestion)).toEqual([]);
      expect(back?.answer).toBe(original.answer);
      expect(back?.testcases).toEqual(
        original.testcases?.map(({ input, output, weight }) => ({ input, output, weight })),
      );
    }
    expect(fromExerciseQuestion({ ...toExerciseQuestion(single()), type: '未知题型' })).toBeNull();
  });
});
