import {
  createJudgedAnswerBody,
  createJudgedAnswerParams,
  judgedAnswer,
  judgedAnswerPage,
  judgedAnswersParams,
  judgedAnswersQuery,
  SERVICE_BASES,
  updateJudgedAnswerBody,
  updateJudgedAnswerParams,
} from '@uplus/shared';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as service from './homework.service';

const tags = ['homework'];
const base = `${SERVICE_BASES.course}/courses/:courseId/homeworks/:homeworkId`;
const refused =
  'Another teacher’s homework, or one of another course: 404 作业不存在. Students: 403. Bad ids: 400.';

/** Judged answers of a homework: what 引用 of the AI judge stores on a homework's page (issue 10 part 8). */
export const homeworkRoutes = (app: App, ctx: AppContext) => {
  app.get(
    `${base}/judgedAnswers`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of the judged answers of an own homework (optionally of one question), oldest first',
        description: refused,
        params: judgedAnswersParams,
        querystring: judgedAnswersQuery,
        response: answers(judgedAnswerPage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.pageJudgedAnswers({ db: ctx.db, actor, params: request.params, query: request.query }),
      );
    },
  );

  app.post(
    `${base}/questions/:questionId/judgedAnswers`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Store an applied AI judge result (引用) against the answer it judged',
        description:
          'The answer judged, the score (0 to the question’s score, one decimal: 得分必须在0到分值之间，最多保留一位' +
          '小数), comment and basis; who applied it and when are recorded. Only 简答题, 编程题 and 函数题. ' +
          refused,
        params: createJudgedAnswerParams,
        body: createJudgedAnswerBody,
        response: answers(judgedAnswer),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.createJudgedAnswer({ db: ctx.db, actor, params: request.params, body: request.body }),
      );
    },
  );

  app.put(
    `${base}/judgedAnswers/:answerId`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Edit the score and comment of a stored judged answer (who and when are recorded)',
        description: `${refused} An answer of another homework: 404 批改记录不存在.`,
        params: updateJudgedAnswerParams,
        body: updateJudgedAnswerBody,
        response: answers(judgedAnswer),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.updateJudgedAnswer({ db: ctx.db, actor, params: request.params, body: request.body }),
      );
    },
  );
};
