import {
  catalogQuery,
  majorPage,
  memberBasicInfo,
  memberProfileBody,
  PROFILE_MSG,
  SERVICE_BASES,
  schoolPage,
} from '@uplus/shared';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as service from './member-profile.service';

const tags = ['member-profile'];
const ourea = SERVICE_BASES.ourea;

/** Member profiles (issue 12): the profile-completion dialog's calls and the school and major catalogues. */
export const memberProfileRoutes = (app: App, ctx: AppContext) => {
  app.get(
    `${ourea}/members/basic/info`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The signed-in member’s name, sex, avatar and profile, with perfected (profile complete)',
        response: answers(memberBasicInfo),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.basicInfoOf({ db: ctx.db, actor }));
    },
  );

  app.put(
    `${ourea}/member_profiles`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Saves the signed-in member’s profile (the profile-completion dialog)',
        description:
          'Checked in the spec’s order (name, birth date, school, major, degree, enrolment year): the first ' +
          'failing check’s message, 400. Unknown school or major: 请选择学校 / 请选择专业.',
        body: memberProfileBody,
        response: answers(memberBasicInfo),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const info = await service.saveProfile({ db: ctx.db, actor, body: request.body, now: ctx.now() });
      return { ...ok(info), message: PROFILE_MSG.saved };
    },
  );

  app.get(
    `${ourea}/schools`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary:
          'A page of the school catalogue: name (or code) contains the search, names starting with it first',
        querystring: catalogQuery,
        response: answers(schoolPage),
      },
    },
    async (request) => ok(await service.pageSchools({ db: ctx.db, query: request.query })),
  );

  app.get(
    `${ourea}/majors`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary:
          'A page of the major catalogue: name (or code) contains the search, names starting with it first',
        querystring: catalogQuery,
        response: answers(majorPage),
      },
    },
    async (request) => ok(await service.pageMajors({ db: ctx.db, query: request.query })),
  );
};
