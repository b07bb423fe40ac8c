import {
  courseHomeworksParams,
  courseHomeworksQuery,
  homeworkBody,
  homeworkPage,
  homeworkParams,
  homeworkQuestionParams,
  homeworkQuestionScoreBody,
  homeworkRow,
  SERVICE_BASES,
} from '@uplus/shared';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as service from './lifecycle.service';

const tags = ['homework'];
const list = `${SERVICE_BASES.course}/courses/:courseId/homeworks`;
const one = `${list}/:homeworkId`;
const refused =
  'Only the course’s teacher: students 403 学生身份暂无权限, anyone else (and another course’s ids) 404. Bad ids: 400.';

/** The teacher's homework lifecycle (issue 11): create, edit, delete, scores, publish, release. */
export const homeworkLifecycleRoutes = (app: App, ctx: AppContext) => {
  app.get(
    list,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of a course’s homework with its figures, newest first',
        description: refused,
        params: courseHomeworksParams,
        querystring: courseHomeworksQuery,
        response: answers(homeworkPage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.pageHomeworks({ db: ctx.db, actor, params: request.params, query: request.query }),
      );
    },
  );

  app.post(
    list,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Create an unpublished homework (name, description, deadline ahead)',
        description: refused,
        params: courseHomeworksParams,
        body: homeworkBody,
        response: answers(homeworkRow),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.createHomework({
          db: ctx.db,
          actor,
          params: request.params,
          body: request.body,
          now: ctx.now(),
        }),
      );
    },
  );

  app.get(
    one,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'One homework with its figures (as the list shows it)',
        description: refused,
        params: homeworkParams,
        response: answers(homeworkRow),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.getHomework({ db: ctx.db, actor, params: request.params }));
    },
  );

  app.put(
    one,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Edit a homework’s name, description and deadline (a changed deadline must lie ahead)',
        description: refused,
        params: homeworkParams,
        body: homeworkBody,
        response: answers(homeworkRow),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.updateHomework({
          db: ctx.db,
          actor,
          params: request.params,
          body: request.body,
          now: ctx.now(),
        }),
      );
    },
  );

  app.delete(
    one,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Delete an unpublished homework with its questions',
        description: `A published one: 400 作业已发布，不能删除. ${refused}`,
        params: homeworkParams,
        response: answers(z.null()),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.deleteHomework({ db: ctx.db, actor, params: request.params }));
    },
  );

  app.put(
    `${one}/questions/:questionId/score`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Set a question’s score in an unpublished homework (1 to 9999)',
        description: `Published: 400 作业已发布，不能修改分值. ${refused}`,
        params: homeworkQuestionParams,
        body: homeworkQuestionScoreBody,
        response: answers(homeworkRow),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.setQuestionScore({ db: ctx.db, actor, params: request.params, body: request.body }),
      );
    },
  );

  app.delete(
    `${one}/questions/:questionId`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Remove a question from an unpublished homework',
        description: `Published: 400 作业已发布，不能添加或删除题目. ${refused}`,
        params: homeworkQuestionParams,
        response: answers(homeworkRow),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.removeQuestion({ db: ctx.db, actor, params: request.params }));
    },
  );

  app.post(
    `${one}/publish`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Publish a homework to the course’s students (they get a course notice)',
        description: `Needs a question (作业至少需要一道题目才能发布) and a deadline ahead; once only. ${refused}`,
        params: homeworkParams,
        response: answers(homeworkRow),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.publishHomework({ db: ctx.db, actor, params: request.params, now: ctx.now() }));
    },
  );

  app.post(
    `${one}/release`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Release a published homework’s results to its students (no more answers are taken)',
        description: `Unpublished: 400; released already: 400 成绩已公布. ${refused}`,
        params: homeworkParams,
        response: answers(homeworkRow),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.releaseHomework({ db: ctx.db, actor, params: request.params, now: ctx.now() }));
    },
  );
};
