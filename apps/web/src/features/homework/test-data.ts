import type {
  CourseDetail,
  HomeworkPaper,
  HomeworkRow,
  PaperItem,
  PaperQuestion,
  ReviewedAnswer,
  StudyHomeworkRow,
  SubmissionDetail,
  SubmissionRow,
} from '@uplus/shared';

/* Rows as the server answers them, for the homework pages' tests. */

export const COURSE_ID = '7';
export const HOMEWORK_ID = '21';

export const courseOf = (over: Partial<CourseDetail> = {}): CourseDetail => ({
  id: COURSE_ID,
  name: '数据结构',
  type: 'Theory',
  startTime: new Date(2026, 8, 1).getTime(),
  endTime: new Date(2027, 0, 15).getTime(),
  creator: '李静',
  coverStyle: 2,
  archived: false,
  role: 'Student',
  selfArchived: false,
  focus: false,
  ...over,
});

export const studyRow = (over: Partial<StudyHomeworkRow> = {}): StudyHomeworkRow => ({
  id: HOMEWORK_ID,
  name: '第一次作业：栈与队列',
  description: '',
  deadline: new Date(2030, 0, 1, 23, 59).getTime(),
  publishedAt: new Date(2026, 10, 1).getTime(),
  releasedAt: null,
  questionCount: 7,
  totalScore: 70,
  status: 'not_started',
  statusText: '未开始',
  submittedAt: null,
  score: null,
  ...over,
});

const q = (over: Partial<PaperQuestion> & Pick<PaperQuestion, 'id' | 'qsnType' | 'typeName' | 'title'>) =>
  ({
    description: '',
    options: [],
    score: 10,
    language: null,
    codeModel: null,
    blankCount: null,
    ...over,
  }) satisfies PaperQuestion;

export const QUESTIONS: PaperQuestion[] = [
  q({
    id: '101',
    qsnType: 1,
    typeName: '单选题',
    title: '栈的特点是？',
    options: [
      { id: 'A', content: '先进先出' },
      { id: 'B', content: '后进先出' },
    ],
  }),
  q({
    id: '102',
    qsnType: 2,
    typeName: '多选题',
    title: '以下哪些是线性结构？',
    options: [
      { id: 'A', content: '栈' },
      { id: 'B', content: '树' },
      { id: 'C', content: '队列' },
    ],
  }),
  q({ id: '103', qsnType: 3, typeName: '判断题', title: '队列是先进先出的。' }),
  q({ id: '104', qsnType: 6, typeName: '填空题', title: '栈的两个基本操作是___和___。', blankCount: 2 }),
  q({ id: '105', qsnType: 7, typeName: '简答题', title: '简述栈和队列的区别' }),
  q({
    id: '106',
    qsnType: 5,
    typeName: '编程题',
    title: '两数之和',
    description: '输入两个整数，输出它们的和',
    language: 'python3',
  }),
  q({
    id: '107',
    qsnType: 8,
    typeName: '函数题',
    title: '实现 add 函数',
    language: 'python3',
    codeModel: 'def add(a, b):\n    pass',
  }),
];

export const paperOf = (
  over: Partial<HomeworkPaper> = {},
  answers: Record<string, string> = {},
): HomeworkPaper => ({
  homework: {
    id: HOMEWORK_ID,
    courseId: COURSE_ID,
    name: '第一次作业：栈与队列',
    description: '请独立完成',
    deadline: new Date(2030, 0, 1, 23, 59).getTime(),
    publishedAt: new Date(2026, 10, 1).getTime(),
    releasedAt: null,
    totalScore: 70,
  },
  status: 'not_started',
  statusText: '未开始',
  editable: true,
  savedAt: null,
  submittedAt: null,
  score: null,
  pendingCount: null,
  items: QUESTIONS.map(
    (question): PaperItem => ({ question, answer: answers[question.id] ?? '', result: null }),
  ),
  ...over,
});

export const teachingRow = (over: Partial<HomeworkRow> = {}): HomeworkRow => ({
  id: HOMEWORK_ID,
  courseId: COURSE_ID,
  name: '第一次作业：栈与队列',
  description: '请独立完成',
  deadline: new Date(2030, 0, 1, 23, 59).getTime(),
  publishedAt: null,
  releasedAt: null,
  questionCount: 7,
  totalScore: 70,
  submittedCount: 0,
  studentCount: 2,
  pendingCount: 0,
  ...over,
});

export const submissionRow = (over: Partial<SubmissionRow> = {}): SubmissionRow => ({
  studentId: '501',
  name: '张同学',
  username: 'student01',
  status: 'submitted',
  submissionId: '901',
  submittedAt: new Date(2026, 10, 20, 10, 0).getTime(),
  totalScore: 42,
  pendingCount: 1,
  ...over,
});

const reviewed = (question: PaperQuestion, over: Partial<ReviewedAnswer>): ReviewedAnswer => ({
  answerId: `8${question.id}`,
  question: { ...question, reference: { answer: '', answerList: [], analysis: '' } },
  answer: '',
  score: null,
  maxScore: question.score,
  gradeState: 'pending',
  gradeSource: null,
  comment: '',
  basis: '',
  codeDetail: null,
  gradedAt: null,
  ...over,
});

export const SHORT_Q = QUESTIONS[4] as PaperQuestion;
export const CODE_Q = QUESTIONS[5] as PaperQuestion;
export const SINGLE_Q = QUESTIONS[0] as PaperQuestion;

export const detailOf = (over: Partial<SubmissionDetail> = {}): SubmissionDetail => ({
  id: '901',
  homeworkId: HOMEWORK_ID,
  student: { id: '501', name: '张同学', username: 'student01' },
  status: 'submitted',
  submittedAt: new Date(2026, 10, 20, 10, 0).getTime(),
  totalScore: 20,
  maxScore: 30,
  pendingCount: 1,
  answers: [
    reviewed(SINGLE_Q, {
      answer: 'B',
      score: 10,
      gradeState: 'graded',
      gradeSource: 'auto',
      comment: '回答正确',
      question: { ...SINGLE_Q, reference: { answer: 'B', answerList: [], analysis: '' } },
      gradedAt: 1,
    }),
    reviewed(SHORT_Q, {
      answer: '栈后进先出，队列先进先出',
      question: { ...SHORT_Q, reference: { answer: '栈LIFO，队列FIFO', answerList: [], analysis: '' } },
    }),
    reviewed(CODE_Q, {
      answer: 'print(sum(map(int, input().split())))',
      score: 10,
      gradeState: 'graded',
      gradeSource: 'code',
      gradedAt: 2,
      question: { ...CODE_Q, reference: { answer: 'print(1)', answerList: [], analysis: '' } },
      codeDetail: {
        strategy: 'Part',
        performance: null,
        cases: [
          { index: 0, weight: 50, qualified: true, timeUsedMs: 12, verdict: '' },
          { index: 1, weight: 50, qualified: true, timeUsedMs: 15, verdict: '' },
        ],
        message: '',
      },
    }),
  ],
  ...over,
});
