import {
  exerciseSetQuestionsParams,
  exerciseSetQuestionsResult,
  homeworkQuestionsParams,
  homeworkQuestionsResult,
  SERVICE_BASES,
  teachingQuestionsQuery,
} from '@uplus/shared';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as service from './teaching.service';

const tags = ['teaching'];
const course = SERVICE_BASES.course;

/** The teacher's course pages: the questions of one homework and of one exercise set (issue 4 part 9). */
export const teachingRoutes = (app: App, ctx: AppContext) => {
  app.get(
    `${course}/courses/:courseId/homeworks/:homeworkId/questions`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of the questions of a homework of an own course, in the order they were added',
        description:
          'Bad ids: 400. Another teacher’s homework, or one of another course: 404. Students: 403.',
        params: homeworkQuestionsParams,
        querystring: teachingQuestionsQuery,
        response: answers(homeworkQuestionsResult),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.homeworkQuestions({
          db: ctx.db,
          actor,
          params: request.params,
          page: request.query,
        }),
      );
    },
  );

  app.get(
    `${course}/courses/:courseId/exerciseSets/:setId/questions`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of the questions of an exercise set of an own course, in the order they were added',
        description: 'Bad ids: 400. Another teacher’s set, or one of another course: 404. Students: 403.',
        params: exerciseSetQuestionsParams,
        querystring: teachingQuestionsQuery,
        response: answers(exerciseSetQuestionsResult),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.exerciseSetQuestions({
          db: ctx.db,
          actor,
          params: request.params,
          page: request.query,
        }),
      );
    },
  );
};
