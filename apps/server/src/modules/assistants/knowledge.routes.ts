import type { App, AppContext } from '../../http/context';

/** Placeholder until as-kb lands (their version replaces this file on merge). */
export const knowledgeRoutes = (_app: App, _ctx: AppContext) => {};
