import { judgeRunParams, latestJudgeRun, SERVICE_BASES, startJudgeRunResult } from '@uplus/shared';
import type { App, AppContext } from '../../../http/context';
import { answers, ok } from '../../../http/envelope';
import type { JobQueue } from '../../../jobs/queue';
import * as service from './grading.service';

const tags = ['homework'];
const base = `${SERVICE_BASES.course}/courses/:courseId/homeworks/:homeworkId/judgeRuns`;
const refused =
  'Only the course’s teacher: another teacher’s homework, or one of another course: 404 作业不存在. ' +
  'Students: 403 学生身份暂无权限. Bad ids: 400.';

/** AI-judge runs of a homework (issue 11). */
export const gradingRoutes = (app: App, ctx: AppContext, deps: { jobs: JobQueue }) => {
  app.post(
    base,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary:
          'Start an AI-judge run over the homework’s pending short answers (or answer the running one)',
        description:
          'Judges in the background, one model call per answer, the short answers (简答题) of submitted ' +
          'submissions still pending. A run already running is answered instead (started false). Nothing to ' +
          `judge: run null with the reason. No model: 503 AI服务未配置. ${refused}`,
        params: judgeRunParams,
        response: answers(startJudgeRunResult),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.startJudgeRun({
          db: ctx.db,
          jobs: deps.jobs,
          llm: ctx.llm,
          actor,
          params: request.params,
        }),
      );
    },
  );

  app.get(
    `${base}/latest`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The newest AI-judge run of the homework with its progress, or null',
        description: `The page polls this while a run is running; progress survives a reload. ${refused}`,
        params: judgeRunParams,
        response: answers(latestJudgeRun),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.latestJudgeRun({ db: ctx.db, actor, params: request.params }));
    },
  );
};
