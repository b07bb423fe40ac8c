import { count, PASSWORD, signIn, type Vu, write } from './context';

/*
 * Before the day starts, teachers publish today's homework, as a teacher does in the course's 作业 tab: in
 * each course they teach (found through the API), a homework with a single choice, a short answer and a
 * programming question, published to the course's students. Each pair (student of the course, homework)
 * is one student's work for the day: the load's student sessions take pairs from the pool, save drafts and
 * submit. Users: the generated university's teachers (ld-t0001 ...) when present, else the demo's teacher01.
 */

/** A published load homework and its question ids. */
export type LoadHomework = {
  courseId: number;
  homeworkId: number;
  teacher: string;
  choiceId: number;
  shortId: number;
  /** null when no code runner offers a language */
  codeId: number | null;
  language: string | null;
};

/** A student's homework for the day. */
export type Pair = { username: string; hw: LoadHomework };

/** Pairs not yet submitted; a session takes one and gives it back unless it submitted it. */
export class HomeworkPool {
  private readonly free: Pair[] = [];
  private readonly busy = new Set<string>();
  readonly students: string[];

  constructor(
    pairs: Pair[],
    readonly homeworks: LoadHomework[],
    random: () => number,
  ) {
    // Shuffled, so that sessions spread over courses and students.
    const shuffled = [...pairs];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    this.free = shuffled;
    this.students = [...new Set(pairs.map((p) => p.username))];
  }

  get size(): number {
    return this.free.length;
  }

  /** A pair whose student is in no other session if there is one, else any; null when none is left. */
  take(): Pair | null {
    const index = this.free.findIndex((p) => !this.busy.has(p.username));
    const at = index >= 0 ? index : this.free.length > 0 ? 0 : -1;
    if (at < 0) return null;
    const [pair] = this.free.splice(at, 1);
    this.busy.add(pair!.username);
    return pair!;
  }

  /** Another free pair of the same student (their next homework in this session), or null. */
  takeFor(username: string): Pair | null {
    const index = this.free.findIndex((p) => p.username === username);
    if (index < 0) return null;
    const [pair] = this.free.splice(index, 1);
    this.busy.add(username);
    return pair!;
  }

  /** Ends a session's hold on a pair; `submitted` pairs are done, others go back for a later session. */
  release(pair: Pair, submitted: boolean): void {
    this.busy.delete(pair.username);
    if (!submitted) this.free.push(pair);
  }
}

/** The program of the load's code question in each language the runners may offer: a + b. */
export const SUM_PROGRAMS: Record<string, string> = {
  python3: 'a, b = map(int, input().split())\nprint(a + b)\n',
  javascript:
    "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a + b);\n",
  c: '#include <stdio.h>\nint main(void) { long a, b; scanf("%ld %ld", &a, &b); printf("%ld\\n", a + b); return 0; }\n',
  cpp: '#include <iostream>\nint main() { long a, b; std::cin >> a >> b; std::cout << a + b << std::endl; }\n',
};

/** A first line that makes each test case take about 0.8 s (the worker drill's evaluation, killed mid-run). */
export const SLOW_PREFIX: Record<string, string> = {
  python3: 'import time\ntime.sleep(0.8)\n',
  javascript: 'const t0 = Date.now();\nwhile (Date.now() - t0 < 800) {}\n',
};

/** A comment line in the language, carrying the marker (so verify finds the answer's evaluations). */
export const commentLine = (language: string, text: string) =>
  language === 'python3' ? `# ${text}\n` : `// ${text}\n`;

const questionsOf = (runId: string, language: string | null) => [
  {
    qsnType: 1,
    qsnName: '单选题',
    titleText: `负载测试单选题（${runId}）：栈的特点是？`,
    options: [
      { id: 'A', optionContent: '先进先出' },
      { id: 'B', optionContent: '后进先出' },
      { id: 'C', optionContent: '随机存取' },
      { id: 'D', optionContent: '按值存取' },
    ],
    answer: 'B',
    difficulty: 1,
    knowledges: '栈',
    tip: '栈是后进先出的线性表',
    everyScore: 10,
  },
  {
    qsnType: 7,
    qsnName: '简答题',
    titleText: `负载测试简答题（${runId}）：简述TCP三次握手的过程。`,
    answer: '客户端发送SYN；服务器回复SYN+ACK；客户端再发送ACK，连接建立。',
    difficulty: 2,
    knowledges: '网络',
    tip: '三次握手',
    everyScore: 10,
  },
  ...(language
    ? [
        {
          qsnType: 5,
          qsnName: '编程题',
          titleText: `负载测试编程题（${runId}）：两数之和`,
          description: '输入两个整数a和b（用空格分隔），输出它们的和。',
          language,
          answer: SUM_PROGRAMS[language]!,
          difficulty: 1,
          knowledges: '输入输出',
          tip: '读入两个整数求和',
          everyScore: 10,
          testcases: [
            { input: '1 2', output: '3', weight: 34 },
            { input: '3 4', output: '7', weight: 33 },
            { input: '-5 5', output: '0', weight: 33 },
          ],
        },
      ]
    : []),
];

type Page<T> = { rows: T[]; total: number };

/** Every page of a list (pageSize 100). */
const allPages = async <T>(vu: Vu, token: string, path: string): Promise<T[]> => {
  const rows: T[] = [];
  for (let page = 1; page < 1000; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const answer = await vu.http.call<Page<T>>({
      method: 'GET',
      path: `${path}${sep}pageNumber=${page}&pageSize=100`,
      token,
      cls: 'read',
    });
    if (!answer.ok) throw new Error(`set-up: ${path} answered ${answer.error}`);
    rows.push(...answer.data.rows);
    if (answer.data.rows.length < 100 || rows.length >= answer.data.total) break;
  }
  return rows;
};

/**
 * The teachers of the data: ld-t0001, ld-t0002 ... as long as they sign in (up to `max`), else the demo's
 * teacher01. Only the first failed sign-in of a probe counts against the address's sign-in limit.
 */
export const findTeachers = async (vu: Vu, max: number): Promise<{ scale: boolean; teachers: string[] }> => {
  const first = await vu.http.call<{ ticket?: string }>({
    method: 'POST',
    path: '/idp/api/login',
    body: { username: 'ld-t0001', password: PASSWORD },
    cls: 'signin',
    expect: [400, 401, 404],
  });
  if (!first.ok) return { scale: false, teachers: ['teacher01'] };
  const teachers = ['ld-t0001'];
  for (let i = 2; i <= max; i++) teachers.push(`ld-t${String(i).padStart(4, '0')}`);
  return { scale: true, teachers };
};

/**
 * Publishes load homework in courses of `teachers` until `needPairs` (student, homework) pairs exist and
 * `minTeachers` teachers published one, or `maxHomeworks` were made, then answers the pool. In the demo data a course has two students, so several
 * homeworks per course are made (up to `maxHomeworks`); in the generated data one per course.
 */
export const prepareHomework = async (
  vu: Vu,
  opts: {
    teachers: string[];
    needPairs: number;
    /** at least this many teachers each publish a homework (one per teacher user: each grades their own) */
    minTeachers: number;
    maxHomeworks: number;
    scale: boolean;
    log: (l: string) => void;
  },
): Promise<{ pool: HomeworkPool; teachersUsed: string[]; language: string | null }> => {
  const homeworks: LoadHomework[] = [];
  const pairs: Pair[] = [];
  const teachersUsed: string[] = [];
  let language: string | null = null;
  let languageChecked = false;
  const deadline = vu.endAt + 3600_000;

  const enough = () =>
    (pairs.length >= opts.needPairs && teachersUsed.length >= opts.minTeachers) ||
    homeworks.length >= opts.maxHomeworks;
  for (const teacher of opts.teachers) {
    if (enough()) break;
    const token = await signIn(vu, teacher);
    if (!token) {
      opts.log(`set-up: ${teacher} could not sign in; stopping at ${teachersUsed.length} teachers`);
      break;
    }
    teachersUsed.push(teacher);
    if (!languageChecked) {
      languageChecked = true;
      const languages = await vu.http.call<{ id: string }[]>({
        method: 'GET',
        path: '/api/course/programExecution/languages',
        token,
        cls: 'read',
      });
      const offered = new Set((languages.data ?? []).map((l) => l.id));
      language = ['python3', 'javascript', 'c', 'cpp'].find((l) => offered.has(l)) ?? null;
      opts.log(`set-up: code questions in ${language ?? '(none: no code runner offers a language)'}`);
    }
    const courses = await allPages<{ id: string; studentCount: number; archived: boolean }>(
      vu,
      token,
      '/api/course/courses/teaching?archived=0',
    );
    const withStudents = courses.filter((c) => c.studentCount > 0 && !c.archived);
    // The demo has few students: several homeworks per course until enough pairs exist.
    const rounds = opts.scale
      ? 1
      : Math.max(1, Math.ceil(opts.maxHomeworks / Math.max(1, withStudents.length)));
    let mine = 0;
    for (let round = 0; round < rounds; round++) {
      for (const course of withStudents) {
        // Each teacher publishes one at least; more only while pairs are short.
        if (homeworks.length >= opts.maxHomeworks) break;
        if (mine > 0 && pairs.length >= opts.needPairs) break;
        const courseId = Number(course.id);
        const students = await allPages<{ username: string }>(
          vu,
          token,
          `/api/course/courses/${courseId}/students`,
        );
        if (students.length === 0) continue;
        const hw = await publishHomework(vu, token, { courseId, teacher, language, deadline });
        if (!hw) continue;
        homeworks.push(hw);
        mine++;
        for (const s of students) pairs.push({ username: s.username, hw });
      }
    }
  }
  opts.log(
    `set-up: ${homeworks.length} homeworks published in courses of ${teachersUsed.length} teachers; ` +
      `${pairs.length} student-homework pairs (${new Set(pairs.map((p) => p.username)).size} students)`,
  );
  return { pool: new HomeworkPool(pairs, homeworks, vu.random), teachersUsed, language };
};

/** Creates, fills and publishes one homework; null (counted) when a step is refused. */
const publishHomework = async (
  vu: Vu,
  token: string,
  o: { courseId: number; teacher: string; language: string | null; deadline: number },
): Promise<LoadHomework | null> => {
  const base = `/api/course/courses/${o.courseId}/homeworks`;
  const created = await vu.http.call<{ id: string }>({
    method: 'POST',
    path: base,
    token,
    cls: 'write',
    body: { name: `负载测试作业 ${vu.runId}`, description: '负载测试（issue 17）', deadline: o.deadline },
  });
  if (!created.ok) {
    count(vu, 'setup: homework not created');
    return null;
  }
  const homeworkId = Number(created.data.id);
  const saved = await vu.http.call<{ fieldList: unknown[] }>({
    method: 'POST',
    path: `/api/course/homeworkQuestions/batchSave?homeworkId=${homeworkId}`,
    token,
    cls: 'write',
    body: questionsOf(vu.runId, o.language),
  });
  if (!saved.ok || saved.data.fieldList.length > 0) {
    count(vu, 'setup: questions refused');
    return null;
  }
  const published = await write(
    vu,
    { method: 'POST', path: `${base}/${homeworkId}/publish`, token, cls: 'write' },
    { kind: 'homework', homeworkId },
    'published',
  );
  if (!published.ok) return null;
  const questions = await vu.http.call<{ rows: { id: string; qsnType: number }[] }>({
    method: 'GET',
    path: `${base}/${homeworkId}/questions?pageNumber=1&pageSize=10`,
    token,
    cls: 'read',
  });
  const idOf = (type: number) => Number(questions.data?.rows.find((q) => q.qsnType === type)?.id ?? 0);
  return {
    courseId: o.courseId,
    homeworkId,
    teacher: o.teacher,
    choiceId: idOf(1),
    shortId: idOf(7),
    codeId: o.language ? idOf(5) : null,
    language: o.language,
  };
};
