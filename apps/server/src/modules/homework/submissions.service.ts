import {
  type AnswerInput,
  type AnswersBody,
  answerLetters,
  blankAnswersOf,
  blankCountOf,
  type CourseHomeworksParams,
  checkResultScore,
  decodeBlanks,
  encodeBlanks,
  type GeneratedQuestion,
  type GradeAnswerBody,
  type GradeAnswerParams,
  type GradedAnswer,
  gradeObjective,
  type HomeworkPaper,
  type HomeworkParams,
  isChoiceType,
  isCodeType,
  isJudgeableType,
  judgmentValue,
  OBJECTIVE_MSG,
  type PaperQuestion,
  QSN_TYPE,
  QSN_TYPE_NAMES,
  type ReferenceAnswer,
  type ReviewedAnswer,
  type SavedAnswers,
  STUDY_STATUS_TEXT,
  type StudyHomeworkPage,
  type StudyHomeworksQuery,
  SUBMISSION_LIMITS,
  SUBMISSION_MSG,
  type SubmissionDetail,
  type SubmissionPage,
  type SubmissionParams,
  type SubmissionsQuery,
  studyStatusOf,
  utf8Length,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { storableText } from '../../db/storable-text';
import type { JobQueue } from '../../jobs/queue';
import { courseRoleOf } from '../courses/courses.service';
import type { Actor } from '../sessions/actor';
import { queueCodeGrading, recomputeSubmissionTotals, wakeCodeGrading } from './grading/grading.service';
import { assertCourseStudent } from './homework.policy';
import { msOf, taughtHomework } from './lifecycle.service';
import * as repo from './submissions.repo';

const M = SUBMISSION_MSG;

// ---------------------------------------------------------------------------------------------------------
// Shapes

/** A question as the student's paper shows it: no reference answer, analysis or test cases. */
export const paperQuestionOf = (row: repo.HomeworkQuestionRecord): PaperQuestion => {
  const q = row.question;
  const type = row.qsnType;
  const code = isCodeType(type);
  return {
    id: String(row.id),
    qsnType: q.qsnType,
    typeName: QSN_TYPE_NAMES[q.qsnType] ?? q.qsnName,
    title: q.titleText,
    description: code ? (q.description ?? '') : '',
    options:
      type === QSN_TYPE.singleChoice || type === QSN_TYPE.multipleChoice
        ? q.options.map((o) => ({ id: o.id, content: o.optionContent }))
        : [],
    score: row.score,
    language: code ? (q.language ?? null) : null,
    codeModel: type === QSN_TYPE.function ? (q.codeModel ?? null) : null,
    blankCount: type === QSN_TYPE.fillBlank ? blankCountOf(q) : null,
  };
};

const referenceOf = (q: GeneratedQuestion): ReferenceAnswer => ({
  answer: q.answer,
  answerList: q.qsnType === QSN_TYPE.fillBlank ? blankAnswersOf(q) : [],
  analysis: q.tip,
});

const gradeOf = (a: repo.AnswerRecord | undefined, maxScore: number) => ({
  score: a?.score ?? null,
  maxScore: a?.maxScore ?? maxScore,
  gradeState: a?.gradeState ?? 'pending',
  gradeSource: a?.gradeSource ?? null,
  comment: a?.comment ?? '',
  basis: a?.basis ?? '',
  codeDetail: a?.codeDetail ?? null,
  gradedAt: msOf(a?.gradedAt ?? null),
});

const reviewedOf = (q: repo.HomeworkQuestionRecord, a: repo.AnswerRecord | undefined): ReviewedAnswer => ({
  answerId: a ? String(a.id) : null,
  question: { ...paperQuestionOf(q), reference: referenceOf(q.question) },
  answer: a?.answer ?? '',
  ...gradeOf(a, q.score),
});

// ---------------------------------------------------------------------------------------------------------
// Answers: what a student may send for each type

/**
 * The answer as stored, or 400 with why it is refused: choices are option letters, judgment true/false,
 * fill blanks a JSON list (at most one entry per blank), text at most 1000 characters, code at most the
 * size a program run takes.
 */
export const checkedAnswer = (q: GeneratedQuestion, given: string): string => {
  const raw = storableText(given);
  const type = q.qsnType as number;
  if (isCodeType(type)) {
    if (utf8Length(raw) > SUBMISSION_LIMITS.maxCodeBytes) throw AppError.badRequest(M.codeTooLong);
    return raw;
  }
  if (type === QSN_TYPE.fillBlank) {
    const blanks = decodeBlanks(raw);
    if (blanks.length > blankCountOf(q)) throw AppError.badRequest(M.tooManyBlanks);
    if (blanks.some((b) => b.length > SUBMISSION_LIMITS.maxTextLength))
      throw AppError.badRequest(M.blankTooLong);
    return blanks.every((b) => b.trim() === '') ? '' : encodeBlanks(blanks);
  }
  if (raw.length > SUBMISSION_LIMITS.maxTextLength) throw AppError.badRequest(M.answerTooLong);
  if (raw.trim() === '') return '';
  if (type === QSN_TYPE.judgment) {
    const value = judgmentValue(raw);
    if (!value) throw AppError.badRequest(M.judgmentValue);
    return value;
  }
  if (isChoiceType(type)) {
    const letters = answerLetters(raw);
    const ids = new Set(q.options.map((o) => o.id.toUpperCase()));
    if (letters.length === 0 || letters.some((l) => !ids.has(l))) throw AppError.badRequest(M.notAnOption);
    if (type === QSN_TYPE.singleChoice && letters.length > 1) throw AppError.badRequest(M.singleOneOption);
    return letters.join('');
  }
  return raw;
};

/** The sent answers checked against the homework's questions: unknown question 题目不存在, repeats refused. */
const checkedAnswers = (questions: repo.HomeworkQuestionRecord[], answers: AnswerInput[]) => {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const seen = new Set<number>();
  return answers.map((a) => {
    const id = Number(a.questionId);
    const question = byId.get(id);
    if (!question) throw AppError.badRequest(M.questionNotFound);
    if (seen.has(id)) throw AppError.badRequest(M.duplicateQuestion);
    seen.add(id);
    return { questionId: id, answer: checkedAnswer(question.question, a.answer), maxScore: question.score };
  });
};

// ---------------------------------------------------------------------------------------------------------
// Student

/** The course the path names, the caller a student member of it; else 404 课程不存在. */
const studiedCourse = async (db: Db, actor: Actor, courseId: string, notFound: string) => {
  const place = await courseRoleOf({ db, actor, courseId: Number(courseId) });
  assertCourseStudent(place, notFound);
  return place!.course;
};

/** A published homework of a course the caller studies; else 404 作业不存在. */
const studiedHomework = async (db: Db, actor: Actor, params: HomeworkParams) => {
  const course = await studiedCourse(db, actor, params.courseId, M.homeworkNotFound);
  const homework = await repo.findHomework(db, course.id, Number(params.homeworkId));
  if (!homework?.publishedAt) throw AppError.notFound(M.homeworkNotFound);
  return { course, homework: homework as repo.HomeworkRecord & { publishedAt: Date } };
};

/** `GET .../courses/{courseId}/homeworks/study`: the course's published homework with the student's state. */
export const pageStudyHomeworks = async (opts: {
  db: Db;
  actor: Actor;
  params: CourseHomeworksParams;
  query: StudyHomeworksQuery;
  now: Date;
}): Promise<StudyHomeworkPage> => {
  const course = await studiedCourse(opts.db, opts.actor, opts.params.courseId, M.courseNotFound);
  const { pageNumber, pageSize } = opts.query;
  const { rows, total } = await repo.pageStudyHomeworks(opts.db, {
    courseId: course.id,
    studentId: opts.actor.userId,
    offset: (pageNumber - 1) * pageSize,
    limit: pageSize,
  });
  return {
    rows: rows.map((r) => {
      const status = studyStatusOf({
        submissionStatus: r.submissionStatus,
        deadline: msOf(r.deadline),
        releasedAt: msOf(r.releasedAt),
        now: opts.now.getTime(),
      });
      return {
        id: String(r.id),
        name: r.name,
        description: r.description,
        deadline: msOf(r.deadline),
        publishedAt: r.publishedAt!.getTime(),
        releasedAt: msOf(r.releasedAt),
        questionCount: r.questionCount,
        totalScore: r.totalScore,
        status,
        statusText: STUDY_STATUS_TEXT[status],
        submittedAt: msOf(r.submittedAt),
        score: r.releasedAt && r.submissionStatus === 'submitted' ? r.myScore : null,
      };
    }),
    total,
  };
};

/**
 * `GET .../homeworks/{homeworkId}/paper`: the questions without their answers, the student's saved
 * answers, and once released each answer's grade with the reference answer.
 */
export const getPaper = async (opts: {
  db: Db;
  actor: Actor;
  params: HomeworkParams;
  now: Date;
}): Promise<HomeworkPaper> => {
  const { homework } = await studiedHomework(opts.db, opts.actor, opts.params);
  const questions = await repo.listQuestions(opts.db, homework.id);
  const submission = await repo.findSubmissionOf(opts.db, homework.id, opts.actor.userId);
  const answers = new Map(
    (submission ? await repo.listAnswers(opts.db, submission.id) : []).map((a) => [a.questionId, a]),
  );
  const released = homework.releasedAt !== null;
  const status = studyStatusOf({
    submissionStatus: submission?.status ?? null,
    deadline: msOf(homework.deadline),
    releasedAt: msOf(homework.releasedAt),
    now: opts.now.getTime(),
  });
  const showResults = released && submission?.status === 'submitted';
  return {
    homework: {
      id: String(homework.id),
      courseId: String(homework.courseId),
      name: homework.name,
      description: homework.description,
      deadline: msOf(homework.deadline),
      publishedAt: homework.publishedAt.getTime(),
      releasedAt: msOf(homework.releasedAt),
      totalScore: questions.reduce((sum, q) => sum + q.score, 0),
    },
    status,
    statusText: STUDY_STATUS_TEXT[status],
    editable: status === 'not_started' || status === 'in_progress',
    savedAt: submission ? submission.updatedAt.getTime() : null,
    submittedAt: msOf(submission?.submittedAt ?? null),
    score: showResults ? (submission?.totalScore ?? null) : null,
    pendingCount: showResults ? (submission?.pendingCount ?? null) : null,
    items: questions.map((q) => {
      const a = answers.get(q.id);
      return {
        question: paperQuestionOf(q),
        answer: a?.answer ?? '',
        result: showResults ? { ...gradeOf(a, q.score), reference: referenceOf(q.question) } : null,
      };
    }),
  };
};

/** Why the homework takes no answers now, or null: submitted, released, or past the deadline. */
const closedReason = (
  homework: repo.HomeworkRecord,
  submission: repo.SubmissionRecord,
  now: Date,
  deadlineMsg: string,
) => {
  if (submission.status === 'submitted') return M.alreadySubmitted;
  if (homework.releasedAt) return M.released;
  if (homework.deadline && homework.deadline.getTime() <= now.getTime()) return deadlineMsg;
  return null;
};

const answeredCount = async (db: Db, submissionId: number) =>
  (await repo.listAnswers(db, submissionId)).filter((a) => a.answer.trim() !== '').length;

/**
 * `PUT .../homeworks/{homeworkId}/draft`: saves the sent answers (the others stay as saved). Refused after
 * submission, after release and after the deadline.
 */
export const saveDraft = async (opts: {
  db: Db;
  actor: Actor;
  params: HomeworkParams;
  body: AnswersBody;
  now: Date;
}): Promise<SavedAnswers> => {
  const { homework } = await studiedHomework(opts.db, opts.actor, opts.params);
  return saveDraftOf({
    db: opts.db,
    homework,
    studentId: opts.actor.userId,
    answers: opts.body.answers,
    now: opts.now,
  });
};

/** Saves a student's draft answers to a published homework (the draft call after its checks). */
const saveDraftOf = async (opts: {
  db: Db;
  homework: repo.HomeworkRecord;
  studentId: number;
  answers: AnswerInput[];
  now: Date;
}): Promise<SavedAnswers> => {
  const { homework } = opts;
  const questions = await repo.listQuestions(opts.db, homework.id);
  const answers = checkedAnswers(questions, opts.answers);
  return opts.db.transaction(async (tx) => {
    const submission = await repo.lockSubmission(tx, homework.id, opts.studentId);
    const refused = closedReason(homework, submission, opts.now, M.deadlinePassedDraft);
    if (refused) throw AppError.badRequest(refused);
    await repo.upsertAnswers(tx, submission.id, answers, opts.now);
    await repo.touchSubmission(tx, submission.id, opts.now);
    return {
      status: 'draft' as const,
      savedAt: opts.now.getTime(),
      submittedAt: null,
      answered: await answeredCount(tx, submission.id),
    };
  });
};

/**
 * `POST .../homeworks/{homeworkId}/submit`: once, before the deadline, in one transaction: the sent answers
 * are saved over the draft, every question gets an answer row, objective answers (and empty ones) are graded
 * at once, the submission is marked submitted and its totals set. Afterwards code answers go to the sandbox
 * (`startCodeGrading`); short answers wait for the AI judge or the teacher. When anything in the transaction
 * fails the draft stays as it was.
 */
export const submit = async (opts: {
  db: Db;
  actor: Actor;
  params: HomeworkParams;
  body: AnswersBody;
  now: Date;
  /** The code runners' queue: code answers are queued for the sandbox with the submit (none: they stay pending). */
  jobs?: JobQueue;
}): Promise<SavedAnswers> => {
  const { homework } = await studiedHomework(opts.db, opts.actor, opts.params);
  return submitOf({
    db: opts.db,
    homework,
    studentId: opts.actor.userId,
    answers: opts.body.answers,
    now: opts.now,
    jobs: opts.jobs,
  });
};

/** Submits a student's answers to a published homework (the submit call after its checks). */
const submitOf = async (opts: {
  db: Db;
  homework: repo.HomeworkRecord;
  studentId: number;
  answers: AnswerInput[];
  now: Date;
  jobs?: JobQueue;
}): Promise<SavedAnswers> => {
  const { homework } = opts;
  const questions = await repo.listQuestions(opts.db, homework.id);
  const sent = checkedAnswers(questions, opts.answers);
  const jobs = questions.some((q) => isCodeType(q.qsnType)) ? opts.jobs : undefined;
  // Before the transaction: the code-grading job is queued inside it (on PGlite a start inside would wait).
  if (jobs) await jobs.start();
  const result = await opts.db.transaction(async (tx) => {
    const submission = await repo.lockSubmission(tx, homework.id, opts.studentId);
    const refused = closedReason(homework, submission, opts.now, M.deadlinePassed);
    if (refused) throw AppError.badRequest(refused);
    const saved = new Map((await repo.listAnswers(tx, submission.id)).map((a) => [a.questionId, a.answer]));
    for (const a of sent) saved.set(a.questionId, a.answer);
    // Every question gets a row (an unanswered one too), graded against its score now.
    const rows = questions.map((q) => ({
      questionId: q.id,
      answer: saved.get(q.id) ?? '',
      maxScore: q.score,
    }));
    await repo.upsertAnswers(tx, submission.id, rows, opts.now);
    const grades = questions.flatMap((q) => {
      const answer = saved.get(q.id) ?? '';
      const objective = gradeObjective(q.question, answer, q.score);
      if (objective) return [{ questionId: q.id, ...objective }];
      if (answer.trim() === '') return [{ questionId: q.id, score: 0, comment: OBJECTIVE_MSG.unanswered }];
      return [];
    });
    await repo.gradeAnswers(tx, submission.id, grades, opts.now);
    await repo.markSubmitted(tx, submission.id, opts.now);
    await recomputeSubmissionTotals(tx, submission.id);
    // Code answers go to the sandbox with the submit: queued in this transaction, so a submit that stands
    // always has its grading queued.
    const queued = jobs ? await queueCodeGrading({ db: tx, jobs, submissionId: submission.id }) : false;
    return { queued, answered: rows.filter((r) => r.answer.trim() !== '').length };
  });
  if (result.queued && jobs) wakeCodeGrading(jobs);
  return {
    status: 'submitted',
    savedAt: opts.now.getTime(),
    submittedAt: opts.now.getTime(),
    answered: result.answered,
  };
};

/**
 * A student's answers to a published homework of a course, saved as a draft or submitted, with every rule
 * of the calls (the demo data answers through it).
 */
export const answerAsStudent = async (opts: {
  db: Db;
  courseId: number;
  homeworkId: number;
  studentId: number;
  answers: AnswerInput[];
  submit: boolean;
  now: Date;
  jobs?: JobQueue;
}) => {
  const homework = await repo.findHomework(opts.db, opts.courseId, opts.homeworkId);
  if (!homework?.publishedAt) throw AppError.notFound(M.homeworkNotFound);
  if (!(await repo.studentIdsOf(opts.db, opts.courseId)).includes(opts.studentId))
    throw AppError.notFound(M.homeworkNotFound);
  return opts.submit ? submitOf({ ...opts, homework }) : saveDraftOf({ ...opts, homework });
};

// ---------------------------------------------------------------------------------------------------------
// Teacher

/**
 * `GET .../homeworks/{homeworkId}/submissions`: every student of the course with their submission (none:
 * not_submitted), by username; optionally one status.
 */
export const pageSubmissions = async (opts: {
  db: Db;
  actor: Actor;
  params: HomeworkParams;
  query: SubmissionsQuery;
}): Promise<SubmissionPage> => {
  const { course, homework } = await taughtHomework(opts.db, opts.actor, opts.params);
  const { pageNumber, pageSize, status } = opts.query;
  const { rows, total } = await repo.pageRoster(opts.db, {
    courseId: course.id,
    homeworkId: homework.id,
    status,
    offset: (pageNumber - 1) * pageSize,
    limit: pageSize,
  });
  return {
    rows: rows.map((r) => ({
      studentId: String(r.studentId),
      name: r.name,
      username: r.username,
      status: r.status ?? 'not_submitted',
      submissionId: r.submissionId === null ? null : String(r.submissionId),
      submittedAt: msOf(r.submittedAt),
      totalScore: r.status === 'submitted' ? r.totalScore : null,
      pendingCount: r.status === 'submitted' ? (r.pendingCount ?? 0) : 0,
    })),
    total,
  };
};

/** A submission of a homework the caller teaches; else 404 提交记录不存在. */
const taughtSubmission = async (db: Db, actor: Actor, params: SubmissionParams) => {
  const { course, homework } = await taughtHomework(db, actor, params);
  const submission = await repo.findSubmission(db, homework.id, Number(params.submissionId));
  if (!submission) throw AppError.notFound(M.submissionNotFound);
  return { course, homework, submission };
};

const detailOf = async (db: Db, homeworkId: number, submission: repo.SubmissionRecord) => {
  const questions = await repo.listQuestions(db, homeworkId);
  const answers = new Map((await repo.listAnswers(db, submission.id)).map((a) => [a.questionId, a]));
  const student = await repo.findStudent(db, submission.studentId);
  const detail: SubmissionDetail = {
    id: String(submission.id),
    homeworkId: String(homeworkId),
    student: {
      id: String(submission.studentId),
      name: student?.name ?? '',
      username: student?.username ?? '',
    },
    status: submission.status,
    submittedAt: msOf(submission.submittedAt),
    totalScore: submission.status === 'submitted' ? submission.totalScore : null,
    maxScore: questions.reduce((sum, q) => sum + q.score, 0),
    pendingCount: submission.pendingCount,
    answers: questions.map((q) => reviewedOf(q, answers.get(q.id))),
  };
  return detail;
};

/** `GET .../homeworks/{homeworkId}/submissions/{submissionId}`: the student's answers with their grades. */
export const getSubmission = async (opts: {
  db: Db;
  actor: Actor;
  params: SubmissionParams;
}): Promise<SubmissionDetail> => {
  const { homework, submission } = await taughtSubmission(opts.db, opts.actor, opts.params);
  return detailOf(opts.db, homework.id, submission);
};

/**
 * `PUT .../submissions/{submissionId}/answers/{answerId}/grade`: the teacher's score (0 to the answer's
 * maxScore, one decimal) and comment, overriding any grade; or 引用 of an AI judge result (source ai, for
 * short answers and code), which stores score, comment and basis. The submission's totals follow.
 */
export const gradeAnswer = async (opts: {
  db: Db;
  actor: Actor;
  params: GradeAnswerParams;
  body: GradeAnswerBody;
  now: Date;
}): Promise<GradedAnswer> => {
  const { homework, submission } = await taughtSubmission(opts.db, opts.actor, opts.params);
  return gradeAnswerOf({
    db: opts.db,
    homeworkId: homework.id,
    submission,
    answerId: Number(opts.params.answerId),
    body: opts.body,
    graderId: opts.actor.userId,
    now: opts.now,
  });
};

/** The grade of an answer of a submission of a homework (the grade call after its checks). */
const gradeAnswerOf = async (opts: {
  db: Db;
  homeworkId: number;
  submission: repo.SubmissionRecord;
  answerId: number;
  body: GradeAnswerBody;
  graderId: number;
  now: Date;
}): Promise<GradedAnswer> => {
  const { submission } = opts;
  const answer = await repo.findAnswer(opts.db, submission.id, opts.answerId);
  if (!answer) throw AppError.notFound(M.answerNotFound);
  if (submission.status !== 'submitted') throw AppError.badRequest(M.notSubmitted);
  const question = await repo.findQuestion(opts.db, opts.homeworkId, answer.questionId);
  if (!question) throw AppError.notFound(M.questionNotFound);
  if (opts.body.source === 'ai' && !isJudgeableType(question.qsnType))
    throw AppError.badRequest(M.aiSourceNotJudgeable);
  const problem = checkResultScore(opts.body.score, answer.maxScore);
  if (problem) throw AppError.badRequest(problem);
  const score = Math.round(opts.body.score * 10) / 10;
  const basis =
    opts.body.basis !== undefined
      ? storableText(opts.body.basis)
      : opts.body.source === 'ai'
        ? ''
        : answer.basis;
  const totals = await opts.db.transaction(async (tx) => {
    await repo.setAnswerGrade(tx, answer.id, {
      score,
      comment: storableText(opts.body.comment),
      basis,
      gradeSource: opts.body.source,
      gradedBy: opts.graderId,
      at: opts.now,
    });
    return recomputeSubmissionTotals(tx, submission.id);
  });
  const updated = await repo.findAnswer(opts.db, submission.id, answer.id);
  return {
    answer: reviewedOf(question, updated!),
    totalScore: totals?.totalScore ?? null,
    pendingCount: totals?.pendingCount ?? 0,
  };
};

/** A student's submission of a homework with its answers, or null (the demo data grades through it). */
export const submissionOfStudent = async (opts: { db: Db; homeworkId: number; studentId: number }) => {
  const submission = await repo.findSubmissionOf(opts.db, opts.homeworkId, opts.studentId);
  return submission ? detailOf(opts.db, opts.homeworkId, submission) : null;
};

/** A teacher's grade of a submitted answer, with every rule of the grade call (the demo data grades so). */
export const gradeAsTeacher = async (opts: {
  db: Db;
  homeworkId: number;
  submissionId: number;
  answerId: number;
  body: GradeAnswerBody;
  graderId: number;
  now: Date;
}) => {
  const submission = await repo.findSubmission(opts.db, opts.homeworkId, opts.submissionId);
  if (!submission) throw AppError.notFound(M.submissionNotFound);
  return gradeAnswerOf({ ...opts, submission });
};
