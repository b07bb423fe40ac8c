// Courses, teaching classes, enrolments, homework (published through the lifecycle service, so each
// course's students get its notice and message), submissions with graded answers, and the teachers'
// question libraries.
import {
  type GeneratedQuestion,
  generatedQuestion,
  gradeObjective,
  isCodeType,
  normalizeQuestion,
  QSN_TYPE,
} from '@uplus/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../apps/server/src/db/client';
import {
  courseMembers,
  courses,
  homeworkAnswers,
  homeworkQuestions,
  homeworkSubmissions,
  libQuestions,
  teachingClasses,
} from '../../../apps/server/src/db/schema';
import * as lifecycle from '../../../apps/server/src/modules/homework/lifecycle.service';
import { markReleased } from '../../../apps/server/src/modules/homework/submissions.repo';
import * as questionBank from '../../../apps/server/src/modules/question-bank/question-bank.service';
import { DEMO_HOMEWORK_PAPER } from '../../../apps/server/src/seed/demo-homework';
import type { People, Tree } from './people';
import type { ScaleSpec } from './spec';
import { chunks, daysBefore, insertAll, pick, rand } from './util';

const DAY = 86_400_000;

const SUBJECTS = [
  '数据结构',
  '操作系统',
  '计算机网络',
  '数据库系统',
  '编译原理',
  '软件工程',
  '算法设计与分析',
  '计算机组成原理',
  'Java程序设计',
  'Python程序设计',
  '离散数学',
  '线性代数',
  '概率论与数理统计',
  '人工智能导论',
  '机器学习',
  'Web前端开发',
  '移动应用开发',
  '信息安全',
  '云计算技术',
  '大数据技术',
];

export type Course = { id: number; name: string; teacherId: number; number: number };
export type Teaching = {
  /** by number: courses[1] is the big course (index 0 unused) */
  courses: Course[];
  /** the courses of each student number (index 0 unused) */
  coursesOf: number[][];
  members: number;
};

/**
 * The teachers' courses (teacher t has courses (t-1)*k+1 .. t*k; course 1 is the big one) with the values
 * `createCourseRecord` stores, a teaching class each (the big course `bigCourseClasses`) open to the whole
 * school with a fixed class code, and the students in them: student 1 in `busyStudentCourses`, students
 * 1..bigCourseStudents in the big course, everyone in `coursesPerStudent`.
 */
export const createCourses = async (
  db: Db,
  spec: ScaleSpec,
  tree: Tree,
  people: People,
  now: Date,
): Promise<Teaching> => {
  const count = spec.teachers * spec.coursesPerTeacher;
  const rows = Array.from({ length: count }, (_, i) => {
    const number = i + 1;
    const started = daysBefore(now, 20 + Math.floor(rand(number, 11) * 60));
    return {
      teacherId: people.teachers[Math.floor(i / spec.coursesPerTeacher) + 1] as number,
      name: `${SUBJECTS[i % SUBJECTS.length]}（${Math.floor(i / SUBJECTS.length) + 1}班）`,
      type: number % 5 === 0 ? 'Train' : 'Theory',
      startTime: started,
      endTime: new Date(started.getTime() + 120 * DAY),
      coverStyle: null,
      schoolId: tree.schoolId,
    };
  });
  // Course names are unique here: the rows are matched back by name.
  const byName = new Map<string, { id: number; name: string; teacherId: number }>();
  for (const batch of chunks(rows)) {
    const inserted = await db
      .insert(courses)
      .values(batch)
      .returning({ id: courses.id, name: courses.name, teacherId: courses.teacherId });
    for (const row of inserted) byName.set(row.name, row);
  }
  const list: Course[] = [
    { id: 0, name: '', teacherId: 0, number: 0 },
    ...rows.map((r, i) => ({ ...(byName.get(r.name) as Course), number: i + 1 })),
  ];

  // Class codes: 'ZZ' and the class number in the code alphabet (no demo code starts so).
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const codeOf = (n: number) => {
    let code = '';
    for (let rest = n, i = 0; i < 6; i++, rest = Math.floor(rest / alphabet.length))
      code = alphabet[rest % alphabet.length] + code;
    return `ZZ${code}`;
  };
  const classRows = list.slice(1).flatMap((c) =>
    Array.from({ length: c.number === 1 ? spec.bigCourseClasses : 1 }, (_, k) => ({
      courseId: c.id,
      name: `${c.name}教学班${k + 1}`,
      organisationId: tree.schoolId,
      createdAt: daysBefore(now, 90),
    })),
  );
  const classesOf = new Map<number, number[]>();
  let classNumber = 0;
  for (const batch of chunks(classRows)) {
    const inserted = await db
      .insert(teachingClasses)
      .values(batch.map((r) => ({ ...r, code: codeOf(++classNumber) })))
      .returning({ id: teachingClasses.id, courseId: teachingClasses.courseId });
    for (const row of inserted) classesOf.set(row.courseId, [...(classesOf.get(row.courseId) ?? []), row.id]);
  }

  const coursesOf: number[][] = [[]];
  const memberRows: (typeof courseMembers.$inferInsert)[] = [];
  for (let s = 1; s <= spec.students; s++) {
    const want = Math.min(count, s === 1 ? spec.busyStudentCourses : spec.coursesPerStudent);
    const mine = new Set<number>(s <= spec.bigCourseStudents ? [1] : []);
    for (let k = 0; mine.size < want && k < want * 20; k++)
      mine.add(count === 1 ? 1 : 2 + Math.floor(rand(s, 100 + k) * (count - 1)));
    coursesOf.push([...mine]);
    for (const number of mine) {
      const course = list[number] as Course;
      const classes = classesOf.get(course.id) ?? [];
      memberRows.push({
        courseId: course.id,
        userId: people.students[s] as number,
        classId: classes[s % classes.length] ?? null,
        memberType: 'Student',
        joinedAt: daysBefore(now, 40 + rand(s, number) * 20),
      });
    }
  }
  await insertAll(db, courseMembers, memberRows);
  return { courses: list, coursesOf, members: memberRows.length };
};

/** The questions of every generated homework: a choice, a short answer and a programming question. */
const TEMPLATE_TYPES: number[] = [QSN_TYPE.singleChoice, QSN_TYPE.shortAnswer, QSN_TYPE.programming];
const templateQuestions = () =>
  DEMO_HOMEWORK_PAPER.filter((q) => TEMPLATE_TYPES.includes(Number(q.qsnType))).map((q) =>
    normalizeQuestion(generatedQuestion.parse(q), { purpose: 'HomeworkQuestion' }),
  );

export type Homework = {
  id: number;
  courseNumber: number;
  closed: boolean;
  questions: { id: number; question: GeneratedQuestion; score: number; qsnType: number }[];
};

/**
 * `homeworksPerCourse` homework per course through the lifecycle service: the first one published 30 days
 * ago, past its deadline and released; the others published 3 days ago and open for a week. The first
 * homework's questions are stored through the question bank's path (its rules and duplicate check); every
 * other homework gets copies of those stored rows. Publishing sends each course's students a notice.
 */
export const createHomework = async (
  db: Db,
  spec: ScaleSpec,
  teaching: Teaching,
  now: Date,
  log: (line: string) => void,
): Promise<Homework[]> => {
  const made: { id: number; course: Course; closed: boolean; at: Date }[] = [];
  for (const course of teaching.courses.slice(1))
    for (let k = 0; k < spec.homeworksPerCourse; k++) {
      const closed = k === 0;
      const at = closed ? daysBefore(now, 30 + rand(course.number, 21) * 5) : daysBefore(now, 3 - k * 0.1);
      const id = await lifecycle.createHomeworkIn({
        db,
        courseId: course.id,
        body: {
          name: closed ? '第一次作业：线性结构' : `第${k + 1}次作业：综合练习`,
          description: '含选择题、简答题和编程题，请在截止时间前提交。',
          deadline: closed ? at.getTime() + 14 * DAY : now.getTime() + 7 * DAY,
        },
        now: at,
      });
      made.push({ id, course, closed, at });
    }

  const [first] = made;
  if (!first) return [];
  const refused = await questionBank.storeHomeworkQuestions({
    db,
    homeworkId: first.id,
    teacherId: first.course.teacherId,
    questions: templateQuestions(),
  });
  if (refused.length > 0) throw new Error(`template questions refused: ${refused[0]?.failureMsg}`);
  const stored = await db
    .select({
      qsnType: homeworkQuestions.qsnType,
      titleText: homeworkQuestions.titleText,
      question: homeworkQuestions.question,
      score: homeworkQuestions.score,
    })
    .from(homeworkQuestions)
    .where(eq(homeworkQuestions.homeworkId, first.id))
    .orderBy(asc(homeworkQuestions.id));
  await insertAll(
    db,
    homeworkQuestions,
    made.slice(1).flatMap((h) => stored.map((q) => ({ ...q, homeworkId: h.id }))),
  );

  let published = 0;
  for (const h of made) {
    await lifecycle.publishHomeworkIn({ db, course: h.course, homeworkId: h.id, now: h.at });
    if (h.closed) await markReleased(db, h.id, new Date(h.at.getTime() + 20 * DAY));
    if (++published % 500 === 0) log(`  published ${published} of ${made.length} homework`);
  }

  const questions = new Map<number, Homework['questions']>();
  for (const batch of chunks(made.map((h) => h.id))) {
    const rows = await db
      .select({
        id: homeworkQuestions.id,
        homeworkId: homeworkQuestions.homeworkId,
        question: homeworkQuestions.question,
        score: homeworkQuestions.score,
        qsnType: homeworkQuestions.qsnType,
      })
      .from(homeworkQuestions)
      .where(inArray(homeworkQuestions.homeworkId, batch))
      .orderBy(asc(homeworkQuestions.id));
    for (const { homeworkId, ...q } of rows)
      questions.set(homeworkId, [...(questions.get(homeworkId) ?? []), q]);
  }
  return made.map((h) => ({
    id: h.id,
    courseNumber: h.course.number,
    closed: h.closed,
    questions: questions.get(h.id) ?? [],
  }));
};

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * `spec.submissions` submitted submissions: every one of the busy student's, most of the big course's, the
 * rest picked at random among the students' homework. Answers are graded as the services leave them:
 * choices on submit (`gradeObjective`), code answers by the teacher, short answers by the AI judge on the
 * closed homework and still pending on the open ones; totals and pending counts as the grading sums them.
 */
export const createSubmissions = async (
  db: Db,
  spec: ScaleSpec,
  teaching: Teaching,
  people: People,
  homework: Homework[],
  now: Date,
) => {
  const ofCourse = new Map<number, Homework[]>();
  for (const h of homework) ofCourse.set(h.courseNumber, [...(ofCourse.get(h.courseNumber) ?? []), h]);
  const pairs: { s: number; h: Homework; order: number }[] = [];
  for (let s = 1; s <= spec.students; s++)
    for (const c of teaching.coursesOf[s] ?? [])
      for (const h of ofCourse.get(c) ?? []) {
        const r = rand(s, h.id);
        pairs.push({ s, h, order: s === 1 ? -2 : c === 1 && r < 0.8 ? -1 : r });
      }
  pairs.sort((a, b) => a.order - b.order);
  const chosen = pairs.slice(0, spec.submissions);

  let answers = 0;
  for (const batch of chunks(chosen)) {
    const graded = batch.map(({ s, h }) => {
      const course = teaching.courses[h.courseNumber] as Course;
      const at = h.closed
        ? new Date(now.getTime() - (17 + rand(s, h.id + 1) * 10) * DAY)
        : new Date(now.getTime() - rand(s, h.id + 1) * 2 * DAY);
      const rows = h.questions.map((q) => answerOf(q, s, h, course.teacherId, at));
      const done = rows.filter((r) => r.gradeState === 'graded');
      return {
        submission: {
          homeworkId: h.id,
          studentId: people.students[s] as number,
          status: 'submitted',
          submittedAt: at,
          totalScore: round1(done.reduce((sum, r) => sum + (r.score ?? 0), 0)),
          pendingCount: rows.length - done.length,
          createdAt: new Date(at.getTime() - 3_600_000),
          updatedAt: at,
        },
        rows,
      };
    });
    const inserted = await db
      .insert(homeworkSubmissions)
      .values(graded.map((g) => g.submission))
      .returning({
        id: homeworkSubmissions.id,
        homeworkId: homeworkSubmissions.homeworkId,
        studentId: homeworkSubmissions.studentId,
      });
    const idOf = new Map(inserted.map((r) => [`${r.homeworkId}:${r.studentId}`, r.id]));
    const answerRows = graded.flatMap((g) =>
      g.rows.map((r) => ({
        ...r,
        submissionId: idOf.get(`${g.submission.homeworkId}:${g.submission.studentId}`) as number,
      })),
    );
    await insertAll(db, homeworkAnswers, answerRows);
    answers += answerRows.length;
  }
  return { submissions: chosen.length, answers };
};

type AnswerRow = Omit<typeof homeworkAnswers.$inferInsert, 'submissionId'>;

/** One student's answer to one question, graded as the submit, the sandbox or the judge would leave it. */
const answerOf = (
  q: Homework['questions'][number],
  s: number,
  h: Homework,
  teacherId: number,
  at: Date,
): AnswerRow => {
  const r = rand(s, q.id);
  const base = { questionId: q.id, maxScore: q.score, updatedAt: at };
  if (q.qsnType === QSN_TYPE.singleChoice) {
    const answer = r < 0.7 ? q.question.answer : pick(['A', 'B', 'C', 'D'], s, q.id + 1);
    const grade = gradeObjective(q.question, answer, q.score);
    return {
      ...base,
      answer,
      gradeState: 'graded',
      gradeSource: 'auto',
      score: grade?.score ?? 0,
      comment: grade?.comment ?? '',
      gradedAt: at,
    };
  }
  if (isCodeType(q.qsnType)) {
    const works = r < 0.75;
    return {
      ...base,
      answer: works ? q.question.answer : 'n, m = map(int, input().split())\nprint(n)',
      gradeState: 'graded',
      gradeSource: 'teacher',
      score: works ? q.score : round1(q.score * 0.3),
      comment: works ? '思路清晰，通过全部测试用例。' : '只输出了人数，没有模拟出列过程。',
      gradedAt: new Date(at.getTime() + DAY),
      gradedBy: teacherId,
    };
  }
  const answer =
    '顺序栈用数组实现，存取快但容量固定；链栈用链表实现，容量可以增长但每个结点要多存一个指针。' +
    (r < 0.5 ? '元素个数能预估时用顺序栈，否则用链栈。' : '');
  if (!h.closed) return { ...base, answer };
  return {
    ...base,
    answer,
    gradeState: 'graded',
    gradeSource: 'ai',
    score: round1(q.score * (r < 0.5 ? 0.9 : 0.6)),
    comment: r < 0.5 ? '要点齐全，表述清楚。' : '缺少适用场景的说明。',
    basis: '存储结构、容量与溢出、空间开销、适用场景四个要点各占四分之一。',
    gradedAt: new Date(at.getTime() + DAY),
  };
};

/**
 * The teachers' own libraries: copies of the stored homework questions under their own titles (the
 * library refuses a second question of one type and title); teacher 1's is big.
 */
export const createLibraries = async (db: Db, spec: ScaleSpec, people: People, homework: Homework[]) => {
  const templates = homework[0]?.questions ?? [];
  if (templates.length === 0) return 0;
  const rows: (typeof libQuestions.$inferInsert)[] = [];
  for (let t = 1; t <= spec.teachers; t++) {
    const count = t === 1 ? spec.busyTeacherLibrary : spec.libraryPerTeacher;
    for (let i = 0; i < count; i++) {
      const template = templates[i % templates.length] as Homework['questions'][number];
      const titleText = `${template.question.titleText}（${Math.floor(i / templates.length) + 1}）`;
      rows.push({
        ownerId: people.teachers[t] as number,
        qsnType: template.qsnType,
        titleText,
        question: { ...template.question, titleText },
      });
    }
  }
  await insertAll(db, libQuestions, rows);
  return rows.length;
};

/** The busy student archives two of their courses (not the big one): the archive list has rows. */
export const archiveSome = async (db: Db, teaching: Teaching, people: People, now: Date) => {
  const archived = (teaching.coursesOf[1] ?? []).filter((c) => c !== 1).slice(0, 2);
  for (const number of archived)
    await db
      .update(courseMembers)
      .set({ archivedAt: now })
      .where(
        and(
          eq(courseMembers.courseId, (teaching.courses[number] as Course).id),
          eq(courseMembers.userId, people.students[1] as number),
        ),
      );
  return archived.length;
};
