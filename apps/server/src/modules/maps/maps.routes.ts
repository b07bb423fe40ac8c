import { mapsConfig, SERVICE_BASES } from '@uplus/shared';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import { mapsConfigOf } from './maps.service';

const tags = ['maps'];

/** The map provider as pages need it (issue 14): public, the same for everyone. */
export const mapsRoutes = (app: App, ctx: AppContext) => {
  app.get(
    `${SERVICE_BASES.ourea}/maps/config`,
    {
      schema: {
        tags,
        summary: 'Where the browser takes map tiles from; configured false: show addresses as text',
        security: [],
        response: answers(mapsConfig),
      },
    },
    async (_request, reply) => {
      // changes only with a restart; a short shared cache spares every job page a call
      reply.header('cache-control', 'public, max-age=300');
      return ok(mapsConfigOf({ config: ctx.config }));
    },
  );
};
