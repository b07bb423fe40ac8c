import {
  answersBody,
  courseHomeworksParams,
  gradeAnswerBody,
  gradeAnswerParams,
  gradedAnswer,
  homeworkPaper,
  homeworkParams,
  SERVICE_BASES,
  savedAnswers,
  studyHomeworkPage,
  studyHomeworksQuery,
  submissionDetail,
  submissionPage,
  submissionParams,
  submissionsQuery,
} from '@uplus/shared';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import type { JobQueue } from '../../jobs/queue';
import * as service from './submissions.service';

const tags = ['homework'];
const list = `${SERVICE_BASES.course}/courses/:courseId/homeworks`;
const one = `${list}/:homeworkId`;
const asStudent =
  'Only a student member of the course; anyone else, another course’s ids and an unpublished homework: 404.';
const asTeacher =
  'Only the course’s teacher: students 403 学生身份暂无权限, anyone else (and another homework’s ids) 404.';

/** Students' homework and the teacher's review of submissions (issue 11). */
export const submissionRoutes = (app: App, ctx: AppContext, deps: { jobs?: JobQueue } = {}) => {
  app.get(
    `${list}/study`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of a course’s published homework with the student’s state (未开始…已截止)',
        description: asStudent,
        params: courseHomeworksParams,
        querystring: studyHomeworksQuery,
        response: answers(studyHomeworkPage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.pageStudyHomeworks({
          db: ctx.db,
          actor,
          params: request.params,
          query: request.query,
          now: ctx.now(),
        }),
      );
    },
  );

  app.get(
    `${one}/paper`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary:
          'The homework’s questions without answers, the student’s saved answers, results once released',
        description: asStudent,
        params: homeworkParams,
        response: answers(homeworkPaper),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.getPaper({ db: ctx.db, actor, params: request.params, now: ctx.now() }));
    },
  );

  app.put(
    `${one}/draft`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Save answers as a draft (the answers not sent stay as saved)',
        description: `Refused after submission, release or the deadline; unknown question 400 题目不存在. ${asStudent}`,
        params: homeworkParams,
        body: answersBody,
        response: answers(savedAnswers),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.saveDraft({
          db: ctx.db,
          actor,
          params: request.params,
          body: request.body,
          now: ctx.now(),
        }),
      );
    },
  );

  app.post(
    `${one}/submit`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary:
          'Submit once before the deadline: objective answers graded at once, code sent to the sandbox',
        description: `Twice: 400 作业已提交，不能重复提交; late: 400 已超过截止时间，不能提交. ${asStudent}`,
        params: homeworkParams,
        body: answersBody,
        response: answers(savedAnswers),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.submit({
          db: ctx.db,
          actor,
          params: request.params,
          body: request.body,
          now: ctx.now(),
          jobs: deps.jobs,
        }),
      );
    },
  );

  app.get(
    `${one}/submissions`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Every student of the course with their submission of the homework (status filter)',
        description: asTeacher,
        params: homeworkParams,
        querystring: submissionsQuery,
        response: answers(submissionPage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.pageSubmissions({ db: ctx.db, actor, params: request.params, query: request.query }),
      );
    },
  );

  app.get(
    `${one}/submissions/:submissionId`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A student’s answers to the homework with their grades and the reference answers',
        description: asTeacher,
        params: submissionParams,
        response: answers(submissionDetail),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.getSubmission({ db: ctx.db, actor, params: request.params }));
    },
  );

  app.put(
    `${one}/submissions/:submissionId/answers/:answerId/grade`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary:
          'The teacher’s grade of an answer, or 引用 of an AI judge result (source ai keeps the basis)',
        description: `Score 0 to the answer’s maxScore, one decimal. ${asTeacher}`,
        params: gradeAnswerParams,
        body: gradeAnswerBody,
        response: answers(gradedAnswer),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.gradeAnswer({
          db: ctx.db,
          actor,
          params: request.params,
          body: request.body,
          now: ctx.now(),
        }),
      );
    },
  );
};
