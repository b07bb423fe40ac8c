import { pickWeighted } from '../lib/mix';
import { count, enterWorkbench, marker, over, signIn, signOut, think, type Vu, write } from './context';
import { commentLine, type Pair, SLOW_PREFIX, SUM_PROGRAMS } from './setup';

/*
 * A student's session: sign in, the workbench, then pages in a school day's order of likelihood (my
 * courses, a course's homework with drafts saved as they type, the resume with an edit, the feedback
 * center, the messages), then often the homework submitted (its code answer judged in the sandbox) and a
 * sign-out. A session works on one homework of the pool (student, homework); without one left it browses.
 */

type Page = 'courses' | 'homework' | 'resume' | 'feedback' | 'messages';

/** How likely each page is next, with and without a homework to work on. */
export const STUDENT_PAGES = (hasHomework: boolean) => [
  { item: 'courses' as Page, weight: 20 },
  { item: 'homework' as Page, weight: hasHomework ? 40 : 0 },
  { item: 'resume' as Page, weight: 15 },
  { item: 'feedback' as Page, weight: 15 },
  { item: 'messages' as Page, weight: 10 },
];

/** Pages a student session visits: a sitting of a few minutes at 1-3 s a page. */
export const STUDENT_STEPS = { min: 15, max: 30 } as const;

/**
 * After this many visits to a homework's page the student may submit it (half the time at each further
 * visit), then goes on with another homework of theirs if the pool holds one.
 */
export const VISITS_BEFORE_SUBMIT = 2;

export const studentSession = async (vu: Vu) => {
  let pair = vu.pool.take();
  const username = pair?.username ?? vu.pool.students[Math.floor(vu.random() * vu.pool.students.length)];
  if (!username) {
    count(vu, 'student: no student account');
    await think(vu, 5);
    return;
  }
  if (!pair) count(vu, 'student: session without homework (pool empty)');
  let visits = 0;
  try {
    const token = await signIn(vu, username);
    if (!token) {
      await think(vu);
      return;
    }
    await enterWorkbench(vu, token, true);
    const steps = STUDENT_STEPS.min + Math.floor(vu.random() * (STUDENT_STEPS.max - STUDENT_STEPS.min + 1));
    for (let i = 0; i < steps && !over(vu); i++) {
      await think(vu);
      if (over(vu)) break;
      const page = pickWeighted(STUDENT_PAGES(pair !== null), vu.random);
      if (page === 'courses') await courseList(vu, token);
      else if (page === 'homework' && pair) {
        await workOnHomework(vu, token, pair);
        visits++;
        if (visits >= VISITS_BEFORE_SUBMIT && vu.random() < 0.5 && !over(vu)) {
          await think(vu);
          if (over(vu)) break;
          const done = await submitHomework(vu, token, pair);
          vu.pool.release(pair, done);
          pair = vu.pool.takeFor(username);
          visits = 0;
        }
      } else if (page === 'resume') await editResume(vu, token);
      else if (page === 'feedback') await feedbackCenter(vu, token);
      else await messages(vu, token);
    }
    if (!over(vu) && vu.random() < 0.5) {
      await think(vu);
      await signOut(vu, token);
    }
  } finally {
    if (pair) vu.pool.release(pair, false);
  }
};

const get = (vu: Vu, token: string, path: string) =>
  vu.http.call({ method: 'GET', path, token, cls: 'read' });

/** 我的课程: the courses the student studies. */
const courseList = async (vu: Vu, token: string) => {
  await get(vu, token, '/api/course/athena/courses/study?types=Theory%2CTrain&pageNumber=1&pageSize=12');
};

/** The answers a student types: the choice, a short answer and the program, each with a unique marker. */
const answersOf = (vu: Vu, pair: Pair) => {
  const mark = marker(vu, 'ans');
  const answers = [
    { questionId: String(pair.hw.choiceId), answer: vu.random() < 0.7 ? 'B' : 'A' },
    {
      questionId: String(pair.hw.shortId),
      answer: `客户端先发SYN，服务器回SYN+ACK，客户端再回ACK。${mark}`,
    },
  ];
  if (pair.hw.codeId && pair.hw.language) {
    answers.push({
      questionId: String(pair.hw.codeId),
      answer: `${SUM_PROGRAMS[pair.hw.language]}${commentLine(pair.hw.language, mark)}`,
    });
  }
  return answers;
};

const answerRef = (pair: Pair, questionId: string) => ({
  kind: 'answer' as const,
  homeworkId: pair.hw.homeworkId,
  username: pair.username,
  questionId: Number(questionId),
});

/** A course's page, its homework list, the homework's paper, then one to three draft saves. */
const workOnHomework = async (vu: Vu, token: string, pair: Pair) => {
  const { courseId, homeworkId } = pair.hw;
  await get(vu, token, `/api/course/courses/${courseId}`);
  await get(vu, token, `/api/course/courses/${courseId}/homeworks/study?pageNumber=1&pageSize=10`);
  await think(vu, 0.5);
  const paper = await get(vu, token, `/api/course/courses/${courseId}/homeworks/${homeworkId}/paper`);
  if (!paper.ok) return;
  const saves = 1 + Math.floor(vu.random() * 3);
  for (let i = 0; i < saves && !over(vu); i++) {
    await think(vu);
    const answers = answersOf(vu, pair);
    // The page saves what changed: one answer at a time as the student types.
    const one = answers[Math.floor(vu.random() * answers.length)]!;
    const startedAt = Date.now();
    const saved = await vu.http.call({
      method: 'PUT',
      path: `/api/course/courses/${courseId}/homeworks/${homeworkId}/draft`,
      token,
      cls: 'write',
      body: { answers: [one] },
    });
    vu.acks.add({
      ref: answerRef(pair, one.questionId),
      value: one.answer,
      startedAt,
      endedAt: Date.now(),
      ack: saved.ok,
      status: saved.status,
    });
  }
};

/** Submits every answer (a fresh marker), then the code answer waits for the sandbox (observed). */
const submitHomework = async (vu: Vu, token: string, pair: Pair): Promise<boolean> => {
  const { courseId, homeworkId } = pair.hw;
  const answers = answersOf(vu, pair);
  const startedAt = Date.now();
  const answer = await vu.http.call({
    method: 'POST',
    path: `/api/course/courses/${courseId}/homeworks/${homeworkId}/submit`,
    token,
    cls: 'write',
    body: { answers },
  });
  const endedAt = Date.now();
  const base = { startedAt, endedAt, ack: answer.ok, status: answer.status };
  vu.acks.add({
    ...base,
    ref: { kind: 'submission', homeworkId, username: pair.username, codeQuestionId: pair.hw.codeId },
    value: 'submitted',
  });
  for (const a of answers) vu.acks.add({ ...base, ref: answerRef(pair, a.questionId), value: a.answer });
  if (answer.ok && pair.hw.codeId) {
    vu.grading.track({ homeworkId, username: pair.username, questionId: pair.hw.codeId, sentAt: startedAt });
  }
  // A submit refused as already submitted (its first answer was lost on the way) still ends the pair.
  return answer.ok || answer.status === 400;
};

/**
 * For the worker drill: a student of the pool submits a program whose cases take about 0.8 s each, so that
 * a worker can be killed in the middle of its run. Answers the marker its source carries, or null when no
 * pair with a code question (in a language that can be slowed) is left. Logged like every submit.
 */
export const submitSlowProgram = async (vu: Vu): Promise<string | null> => {
  const pair = vu.pool.take();
  if (!pair) return null;
  let submitted = false;
  try {
    const { language, codeId } = pair.hw;
    if (!language || !codeId || !SLOW_PREFIX[language]) return null;
    const token = await signIn(vu, pair.username);
    if (!token) return null;
    const mark = marker(vu, 'drill');
    const answers = answersOf(vu, pair).map((a) =>
      a.questionId === String(codeId)
        ? { ...a, answer: `${SLOW_PREFIX[language]}${SUM_PROGRAMS[language]}${commentLine(language, mark)}` }
        : a,
    );
    const startedAt = Date.now();
    const answer = await vu.http.call({
      method: 'POST',
      path: `/api/course/courses/${pair.hw.courseId}/homeworks/${pair.hw.homeworkId}/submit`,
      token,
      cls: 'write',
      body: { answers },
    });
    const base = { startedAt, endedAt: Date.now(), ack: answer.ok, status: answer.status };
    vu.acks.add({
      ...base,
      ref: {
        kind: 'submission',
        homeworkId: pair.hw.homeworkId,
        username: pair.username,
        codeQuestionId: codeId,
      },
      value: 'submitted',
    });
    for (const a of answers) vu.acks.add({ ...base, ref: answerRef(pair, a.questionId), value: a.answer });
    submitted = answer.ok;
    return answer.ok ? mark : null;
  } finally {
    vu.pool.release(pair, submitted);
  }
};

/** 我的简历: the resume page's calls, then the self-evaluation saved (one field, a unique marker). */
const editResume = async (vu: Vu, token: string) => {
  await get(vu, token, '/api/ourea/resume_onlines/percentages');
  const resume = await get(vu, token, '/api/ourea/resume_onlines');
  await get(vu, token, '/api/ourea/resume_attached?enabled=Yes');
  const resumeId = (resume.data as { id?: number } | undefined)?.id;
  if (!resumeId) return;
  await get(vu, token, `/api/ourea/resume_online_evaluations/${resumeId}`);
  await get(vu, token, `/api/ourea/resume_online_educations?resumeId=${resumeId}&details=school%2Cmajor`);
  await get(vu, token, `/api/ourea/resume_online_internships?resumeId=${resumeId}`);
  await think(vu);
  if (over(vu)) return;
  const text = `我做事认真负责，乐于学习新技术。${marker(vu, 'resume')}`;
  await write(
    vu,
    {
      method: 'PUT',
      path: `/api/ourea/resume_online_evaluations/${resumeId}`,
      token,
      cls: 'write',
      body: { evaluation: text },
    },
    { kind: 'resume', resumeId },
    text,
  );
};

/** 投递反馈: the delivery records with their feedback. */
const feedbackCenter = async (vu: Vu, token: string) => {
  await get(
    vu,
    token,
    '/api/ourea/delivery_records?pageNumber=1&pageSize=15&campusRecruitMode=Recruitment&details=company%2Coccupation%2Cmini%2Cstudent%2Cfeedback',
  );
};

/** The message page: counts and the course notices. */
const messages = async (vu: Vu, token: string) => {
  await vu.http.call({ method: 'POST', path: '/api/qmn/c/counts', token, cls: 'read' });
  await vu.http.call({
    method: 'POST',
    path: '/api/qmn/c/messages?pageNumber=1&pageSize=10',
    token,
    cls: 'read',
  });
  await get(vu, token, '/api/qmn/notices/smallBell?genre=Course&pageNumber=1&pageSize=10');
};
