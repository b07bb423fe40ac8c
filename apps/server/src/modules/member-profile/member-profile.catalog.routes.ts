import { divisionList, divisionQuery, occupationList, occupationQuery, SERVICE_BASES } from '@uplus/shared';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as catalog from './member-profile.catalog';

const tags = ['member-profile'];
const ourea = SERVICE_BASES.ourea;

/** The lookups of the resume (issue 13): divisions (provinces, cities, hot cities) and the occupation tree. */
export const memberProfileCatalogRoutes = (app: App, ctx: AppContext) => {
  app.get(
    `${ourea}/divisions`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Provinces, the cities of a province (parentCode) or the hot cities (hot=Yes)',
        description:
          'GB/T 2260 codes with the first letter of the pinyin; sort sequence|code|letter, order asc|desc.',
        querystring: divisionQuery,
        response: answers(divisionList),
      },
    },
    async (request) => ok(await catalog.listDivisions({ db: ctx.db, query: request.query })),
  );

  app.get(
    `${ourea}/divisions/mobile`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Every city with its letter, by letter (the city selector’s letter groups)',
        response: answers(divisionList),
      },
    },
    async () => ok(await catalog.mobileCities({ db: ctx.db })),
  );

  app.get(
    `${ourea}/occupations`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The occupation classification (职业分类大典 2022) one level at a time',
        description: 'parentCode 0 gives the 8 大类, a 大类 code (2) its 中类, a 中类 code (2-02) its 小类.',
        querystring: occupationQuery,
        response: answers(occupationList),
      },
    },
    async (request) => ok(await catalog.listOccupations({ db: ctx.db, query: request.query })),
  );
};
