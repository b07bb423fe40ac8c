import {
  type AnswerInput,
  encodeBlanks,
  type GeneratedQuestionInput,
  generatedQuestion,
  normalizeQuestion,
  QSN_TYPE,
} from '@uplus/shared';
import type { Db } from '../db/client';
import * as lifecycle from '../modules/homework/lifecycle.service';
import * as submissions from '../modules/homework/submissions.service';
import * as questionBank from '../modules/question-bank/question-bank.service';

/*
 * Demo homework (issue 11), made through the services: in teacher01's course 数据结构 a published homework
 * with one question of each type the generator makes (and fill blanks), student01's submission graded
 * (objective answers on submit, the code answers by the teacher) with the short answer waiting for review,
 * and any other student of the course halfway through a draft.
 */

const JOSEPHUS = [
  'from collections import deque',
  '',
  'n, m = map(int, input().split())',
  'people = deque(range(1, n + 1))',
  'order = []',
  'while people:',
  '    people.rotate(-(m - 1))',
  '    order.append(people.popleft())',
  "print(' '.join(map(str, order)))",
].join('\n');

const MAX_SUBARRAY_MODEL = [
  'def max_subarray(nums):',
  '    # 在此实现函数：返回 nums 中和最大的连续子数组的和',
  '    pass',
  '',
  '',
  'nums = list(map(int, input().split()))',
  'print(max_subarray(nums))',
].join('\n');

const MAX_SUBARRAY = [
  'def max_subarray(nums):',
  '    best = current = nums[0]',
  '    for x in nums[1:]:',
  '        current = max(x, current + x)',
  '        best = max(best, current)',
  '    return best',
  '',
  '',
  'nums = list(map(int, input().split()))',
  'print(max_subarray(nums))',
].join('\n');

/** The questions of the demo homework, one of each type, with their reference answers and test cases. */
export const DEMO_HOMEWORK_PAPER: GeneratedQuestionInput[] = [
  {
    qsnType: QSN_TYPE.singleChoice,
    titleText: '在长度为 n 的顺序表中删除第 i 个元素（1≤i≤n），需要向前移动多少个元素？',
    options: [
      { id: 'A', optionContent: 'n-i' },
      { id: 'B', optionContent: 'n-i+1' },
      { id: 'C', optionContent: 'n-i-1' },
      { id: 'D', optionContent: 'i' },
    ],
    answer: 'A',
    difficulty: 2,
    knowledges: '数组,查找',
    tip: '第 i 个元素之后共有 n-i 个元素，删除后它们依次前移一位。',
  },
  {
    qsnType: QSN_TYPE.multipleChoice,
    titleText: '下列关于单链表的说法中，正确的有哪些？',
    options: [
      { id: 'A', optionContent: '插入和删除结点时不需要移动其他元素' },
      { id: 'B', optionContent: '可以在 O(1) 时间内随机访问第 i 个结点' },
      { id: 'C', optionContent: '各结点的存储空间不必连续' },
      { id: 'D', optionContent: '每个结点需要额外的空间存放指针' },
    ],
    answer: 'ACD',
    difficulty: 2,
    knowledges: '链表',
    tip: '链表只能从头结点顺着指针找到第 i 个结点，访问是 O(n) 的。',
  },
  {
    qsnType: QSN_TYPE.judgment,
    titleText: '在循环队列中，只要队头指针等于队尾指针，队列就一定为空。',
    answer: 'false',
    difficulty: 3,
    knowledges: '队列',
    tip: '若不牺牲一个存储单元，队满时队头指针同样等于队尾指针，需借助计数或标志位区分。',
  },
  {
    qsnType: QSN_TYPE.fillBlank,
    titleText: '一棵有 n 个结点的二叉树采用二叉链表存储时，共有____个指针域，其中空指针域有____个。',
    answer: '2n；n+1',
    answerList: ['2n', 'n+1'],
    isOrder: 1,
    isCase: 0,
    difficulty: 3,
    knowledges: '二叉树',
    tip: '每个结点两个指针域共 2n 个；除根结点外每个结点被一个指针指向，非空指针 n-1 个，空指针 n+1 个。',
  },
  {
    qsnType: QSN_TYPE.shortAnswer,
    titleText: '比较顺序栈和链栈的优缺点，并分别说明它们适用的场景。',
    answer:
      '顺序栈用数组存储，存取栈顶元素快、不需要额外的指针空间，但容量固定，可能溢出或浪费空间，适合元素个数' +
      '可预估的场景；链栈用链表存储，容量可动态增长、不会上溢，但每个结点要额外存放指针，适合元素个数变化大' +
      '或无法预估的场景。两者入栈和出栈都是 O(1)。',
    difficulty: 3,
    knowledges: '栈',
    tip: '要点：存储结构；容量与溢出；空间开销；适用场景；时间复杂度。',
  },
  {
    qsnType: QSN_TYPE.programming,
    titleText: '约瑟夫环',
    description:
      '输入两个正整数 n 和 m（1≤n,m≤1000），n 个人编号 1 到 n 围成一圈，从 1 号开始报数，报到 m 的人出列，' +
      '下一个人重新从 1 开始报数，直到所有人出列。按出列顺序输出编号，以空格分隔。',
    language: 'python3',
    answer: JOSEPHUS,
    difficulty: 3,
    knowledges: '队列,链表',
    tip: '用队列模拟：每次把队头的 m-1 个人移到队尾，再让队头出列。',
    testcases: [
      { input: '5 2', output: '2 4 1 5 3', weight: 34 },
      { input: '7 3', output: '3 6 2 7 5 1 4', weight: 33 },
      { input: '6 1', output: '1 2 3 4 5 6', weight: 33 },
    ],
  },
  {
    qsnType: QSN_TYPE.function,
    titleText: '最大子数组和',
    description:
      '实现函数 max_subarray(nums)，返回整数列表 nums（长度 1 到 10^5）中和最大的连续子数组的和。' +
      '输入一行以空格分隔的整数，程序输出函数的返回值。',
    language: 'python3',
    codeModel: MAX_SUBARRAY_MODEL,
    answer: MAX_SUBARRAY,
    difficulty: 4,
    knowledges: '数组,递归',
    tip: '动态规划：以每个位置结尾的最大和等于 max(当前元素, 前一位置的最大和 + 当前元素)。',
    testcases: [
      { input: '-2 1 -3 4 -1 2 1 -5 4', output: '6', weight: 34 },
      { input: '-3 -1 -2', output: '-1', weight: 33 },
      { input: '5 4 -1 7 8', output: '23', weight: 33 },
    ],
  },
];

/** student01's answers: some right, some not, the short answer for the teacher or the AI judge. */
const STUDENT01_ANSWERS: Record<number, string> = {
  [QSN_TYPE.singleChoice]: 'A',
  [QSN_TYPE.multipleChoice]: 'AC',
  [QSN_TYPE.judgment]: 'false',
  [QSN_TYPE.fillBlank]: encodeBlanks(['2n', 'n-1']),
  [QSN_TYPE.shortAnswer]:
    '顺序栈用数组实现，访问快，但是大小固定，满了就不能再入栈；链栈用链表实现，大小可以随时增加，不会栈满，' +
    '但是每个结点多了指针。元素个数确定时用顺序栈，不确定时用链栈。',
  [QSN_TYPE.programming]: JOSEPHUS,
  [QSN_TYPE.function]: MAX_SUBARRAY,
};

/** How teacher01 graded student01's code answers. */
const TEACHER_CODE_GRADES: Record<number, { share: number; comment: string }> = {
  [QSN_TYPE.programming]: { share: 1, comment: '用双端队列模拟报数，思路清晰，输出格式正确。' },
  [QSN_TYPE.function]: { share: 1, comment: '动态规划写法正确，时间复杂度 O(n)。' },
};

const DAY = 24 * 60 * 60_000;

/**
 * The demo homework of teacher01's course: published (the course's students get a notice), student01's
 * submission graded but for the short answer, any other student's draft. Answers the homework's id.
 */
export const seedDemoHomework = async (opts: {
  db: Db;
  course: { id: number; name: string; teacherId: number };
  /** student01: their submission; the course's other students get a draft. */
  student01Id: number;
  now?: Date;
}) => {
  const { db, course } = opts;
  const now = opts.now ?? new Date();
  const homeworkId = await lifecycle.createHomeworkIn({
    db,
    courseId: course.id,
    body: {
      name: '第二次作业：线性表、栈与二叉树',
      description: '覆盖顺序表、链表、栈、队列和二叉树，含编程题和函数题，请在截止时间前提交。',
      deadline: now.getTime() + 14 * DAY,
    },
    now,
  });
  const refused = await questionBank.storeHomeworkQuestions({
    db,
    homeworkId,
    teacherId: course.teacherId,
    questions: DEMO_HOMEWORK_PAPER.map((q) =>
      normalizeQuestion(generatedQuestion.parse(q), { purpose: 'HomeworkQuestion' }),
    ),
  });
  if (refused.length > 0) throw new Error(`demo homework questions refused: ${refused[0]!.failureMsg}`);
  await lifecycle.publishHomeworkIn({ db, course, homeworkId, now });

  const paper = await lifecycle.questionsOf({ db, homeworkId });
  const answersOf = (pick: (qsnType: number) => string | undefined): AnswerInput[] =>
    paper.flatMap((q) => {
      const answer = pick(q.qsnType);
      return answer === undefined ? [] : [{ questionId: String(q.id), answer }];
    });

  // The course's students come from its classes (the courses part's demo data enrols them).
  const students = await lifecycle.studentsOf({ db, courseId: course.id });
  const student01 = opts.student01Id;
  if (!students.includes(student01)) return homeworkId;
  await submissions.answerAsStudent({
    db,
    courseId: course.id,
    homeworkId,
    studentId: student01,
    answers: answersOf((t) => STUDENT01_ANSWERS[t]),
    submit: true,
    now,
  });
  const submitted = await submissions.submissionOfStudent({ db, homeworkId, studentId: student01 });
  for (const answer of submitted?.answers ?? []) {
    const grade = TEACHER_CODE_GRADES[answer.question.qsnType];
    if (!grade || !answer.answerId) continue;
    await submissions.gradeAsTeacher({
      db,
      homeworkId,
      submissionId: Number(submitted!.id),
      answerId: Number(answer.answerId),
      body: { score: answer.maxScore * grade.share, comment: grade.comment, source: 'teacher' },
      graderId: course.teacherId,
      now,
    });
  }

  // Another student is halfway through: the choices saved as a draft (进行中).
  for (const studentId of students.filter((id) => id !== student01))
    await submissions.answerAsStudent({
      db,
      courseId: course.id,
      homeworkId,
      studentId,
      answers: answersOf((t) =>
        t === QSN_TYPE.singleChoice ? 'B' : t === QSN_TYPE.judgment ? 'true' : undefined,
      ),
      submit: false,
      now,
    });
  return homeworkId;
};
