import {
  createKnowledgeBody,
  exercisesBatchBody,
  exercisesBatchQuery,
  exercisesBatchResult,
  homeworkBatchQuery,
  knowledgeListQuery,
  knowledgeListResult,
  knowledgeTag,
  libQuestionPage,
  pageQuery,
  questionBatchBody,
  questionBatchResult,
  SERVICE_BASES,
  teacherCourse,
} from '@uplus/shared';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as service from './question-bank.service';

const tags = ['questionBank'];
const course = SERVICE_BASES.course;
const BODY_LIMIT = 4 * 1024 * 1024;

/** The question-bank targets of the generator (spec 000 sections 3.3, 5.1, 7, 8). */
export const questionBankRoutes = (app: App, ctx: AppContext) => {
  app.post(
    `${course}/libQuestions/batchSave`,
    {
      onRequest: ctx.auth.signedIn,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Save questions into the own library; answers the ones not saved (with failureMsg)',
        description:
          'Each question is checked with the editor rules (spec 5.1) and saved in its own transaction.',
        body: questionBatchBody,
        response: answers(questionBatchResult),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.saveLibraryQuestions({ db: ctx.db, actor, questions: request.body, log: request.log }),
      );
    },
  );

  app.post(
    `${course}/homeworkQuestions/batchSave`,
    {
      onRequest: ctx.auth.signedIn,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Save questions into an own homework; answers the ones not saved (with failureMsg)',
        description: 'Without homeworkId: 400 导入作业未指定homeworkId. Another teacher’s homework: 404.',
        querystring: homeworkBatchQuery,
        body: questionBatchBody,
        response: answers(questionBatchResult),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.saveHomeworkQuestions({
          db: ctx.db,
          actor,
          homeworkId: request.query.homeworkId,
          questions: request.body,
          log: request.log,
        }),
      );
    },
  );

  app.post(
    `${course}/exercises_questions/batch`,
    {
      onRequest: ctx.auth.signedIn,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Save exercise-set questions (converted shape with setId) into sets of an own course',
        description:
          'Answers the ones not saved in fieldList, each with failureMsg. Another teacher’s course or set: 404.',
        querystring: exercisesBatchQuery,
        body: exercisesBatchBody,
        response: answers(exercisesBatchResult),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.saveExerciseQuestions({
          db: ctx.db,
          actor,
          courseId: request.query.courseId,
          items: request.body,
          log: request.log,
        }),
      );
    },
  );

  app.get(
    `${course}/libQuestions`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of the own question library, newest first',
        querystring: pageQuery,
        response: answers(libQuestionPage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.pageLibrary({ db: ctx.db, actor, page: request.query }));
    },
  );

  app.get(
    `${course}/libKnowledges/list`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Knowledge tags: the own ones, and with isLibrary=1 the library’s',
        querystring: knowledgeListQuery,
        response: answers(knowledgeListResult),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.listKnowledges({ db: ctx.db, actor, ...request.query }));
    },
  );

  app.post(
    `${course}/libKnowledges`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Create an own knowledge tag (at most 20 characters: 输入的字符过长!)',
        body: createKnowledgeBody,
        response: answers(knowledgeTag),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.createKnowledge({ db: ctx.db, actor, ...request.body }));
    },
  );

  app.get(
    `${course}/courses/mine`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The own courses with their exercise sets and homeworks (import targets)',
        response: answers(z.array(teacherCourse)),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.listMyCourses({ db: ctx.db, actor }));
    },
  );
};
