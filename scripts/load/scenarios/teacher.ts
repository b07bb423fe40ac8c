import { pickWeighted } from '../lib/mix';
import {
  count,
  enterWorkbench,
  marker,
  over,
  signIn,
  teacherAccount,
  think,
  type Vu,
  write,
} from './context';
import { LOAD_AI } from './markers';

/*
 * A teacher's session: sign in, then the question library (with a question added now and then), the AI
 * question generator against the scripted model (the streamed draft, then structured questions), the
 * grading list of a homework (a submission opened and its short answer graded), and the AI judge.
 */

type Page = 'library' | 'generator' | 'grading' | 'judge';

export const TEACHER_PAGES = [
  { item: 'library' as Page, weight: 30 },
  { item: 'generator' as Page, weight: 20 },
  { item: 'grading' as Page, weight: 35 },
  { item: 'judge' as Page, weight: 15 },
];

export const teacherSession = async (vu: Vu) => {
  const username = teacherAccount(vu);
  const token = await signIn(vu, username);
  if (!token) {
    await think(vu);
    return;
  }
  await enterWorkbench(vu, token, false);
  const steps = 10 + Math.floor(vu.random() * 11);
  for (let i = 0; i < steps && !over(vu); i++) {
    await think(vu);
    if (over(vu)) break;
    const page = pickWeighted(TEACHER_PAGES, vu.random);
    if (page === 'library') await library(vu, token, username);
    else if (page === 'generator') await generator(vu, token);
    else if (page === 'grading') await grading(vu, token);
    else await judge(vu, token);
  }
  // Teachers leave their tab open: no sign-out (their token stays in the cache until it expires).
};

const get = (vu: Vu, token: string, path: string) =>
  vu.http.call({ method: 'GET', path, token, cls: 'read' });

/** 我的习题: the library page; a third of the visits add a question (found by its unique title later). */
const library = async (vu: Vu, token: string, username: string) => {
  await get(vu, token, '/api/course/libQuestions?pageNumber=1&pageSize=10');
  await get(vu, token, '/api/course/courses/mine');
  if (vu.random() > 0.35) return;
  await think(vu);
  const title = `负载测试题库题：队列的特点是？${marker(vu, 'lib')}`;
  await write(
    vu,
    {
      method: 'POST',
      path: '/api/course/libQuestions/batchSave',
      token,
      cls: 'write',
      body: [
        {
          qsnType: 1,
          qsnName: '单选题',
          titleText: title,
          options: [
            { id: 'A', optionContent: '先进先出' },
            { id: 'B', optionContent: '后进先出' },
          ],
          answer: 'A',
          difficulty: 1,
          knowledges: '队列',
          tip: '队列是先进先出的线性表',
        },
      ],
    },
    { kind: 'libQuestion', username, title },
    'exists',
  );
};

/**
 * AI出题: the draft streams from the scripted model (choice questions mostly, a coding question now and
 * then, whose structuring runs its reference program in the sandbox), then it is structured.
 */
const generator = async (vu: Vu, token: string) => {
  const coding = vu.random() < 0.25;
  const query = coding ? LOAD_AI.generateCoding : LOAD_AI.generateChoice;
  const questionType = coding ? 5 : 1;
  const body = {
    query,
    questionType,
    questionNum: coding ? 1 : 3,
    language: coding ? 'python3' : undefined,
    source: 'library',
    questionLength: 1000,
  };
  const stream = await vu.http.sse({
    method: 'POST',
    path: '/api/course/ai/generate_questions/sse',
    token,
    body,
  });
  if (stream.error) {
    if (stream.status === 429) count(vu, 'teacher: AI rate limit (429)');
    return;
  }
  const draft = stream.events
    .filter((e) => e.event === 'message')
    .map((e) => e.answer ?? '')
    .join('');
  if (!draft.trim()) return;
  await think(vu, 0.5);
  await vu.http.call({
    method: 'POST',
    path: '/api/course/ai/generate_questions',
    token,
    cls: 'ai',
    timeoutMs: 600_000,
    body: {
      question: draft,
      questionType,
      questionNum: body.questionNum,
      language: body.language,
      source: 'library',
      query,
    },
  });
};

type SubmissionRow = { submissionId: string | null; status: string };
type Detail = { answers: { answerId: string | null; question: { qsnType: number }; maxScore: number }[] };

/** 批改: the course's homework list, a load homework's submissions, one opened and its short answer graded. */
const grading = async (vu: Vu, token: string) => {
  const mine = vu.pool.homeworks.filter((h) => h.teacher === teacherAccount(vu));
  const hw = mine[Math.floor(vu.random() * mine.length)];
  await get(vu, token, '/api/course/courses/teaching?archived=0&pageNumber=1&pageSize=12');
  if (!hw) return;
  const base = `/api/course/courses/${hw.courseId}/homeworks`;
  await get(vu, token, `/api/course/courses/${hw.courseId}`);
  await get(vu, token, `${base}?pageNumber=1&pageSize=10`);
  await think(vu, 0.5);
  await get(vu, token, `${base}/${hw.homeworkId}`);
  await get(vu, token, `${base}/${hw.homeworkId}/judgeRuns/latest`);
  const list = await vu.http.call<{ rows: SubmissionRow[] }>({
    method: 'GET',
    path: `${base}/${hw.homeworkId}/submissions?pageNumber=1&pageSize=20&status=submitted`,
    token,
    cls: 'read',
  });
  const submitted = (list.data?.rows ?? []).filter((r) => r.submissionId);
  const row = submitted[Math.floor(vu.random() * submitted.length)];
  if (!row) return;
  await think(vu);
  const detail = await vu.http.call<Detail>({
    method: 'GET',
    path: `${base}/${hw.homeworkId}/submissions/${row.submissionId}`,
    token,
    cls: 'read',
  });
  const short = detail.data?.answers.find((a) => a.question.qsnType === 7 && a.answerId);
  if (!short?.answerId || over(vu)) return;
  await think(vu);
  const comment = `要点基本正确。${marker(vu, 'grade')}`;
  await write(
    vu,
    {
      method: 'PUT',
      path: `${base}/${hw.homeworkId}/submissions/${row.submissionId}/answers/${short.answerId}/grade`,
      token,
      cls: 'write',
      body: { score: Math.min(short.maxScore, 8), comment, source: 'teacher' },
    },
    { kind: 'grade', answerId: Number(short.answerId) },
    comment,
  );
};

/** AI判题: one short answer judged by the scripted model. */
const judge = async (vu: Vu, token: string) => {
  const answer = await vu.http.call({
    method: 'POST',
    path: '/api/course/ai/judge_questions',
    token,
    cls: 'ai',
    timeoutMs: 600_000,
    body: {
      question: LOAD_AI.judgeQuestion,
      realAnswer: LOAD_AI.judgeReference,
      studentAnswer: LOAD_AI.judgeStudentAnswer,
      questionScore: 10,
      questionType: 'ShortAnswer',
    },
    expect: [429],
  });
  if (answer.status === 429) count(vu, 'teacher: AI rate limit (429)');
};
