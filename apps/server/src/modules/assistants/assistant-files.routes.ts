import type { App, AppContext } from '../../http/context';

/** Placeholder until as-files lands (their version replaces this file on merge). */
export const assistantFileRoutes = (_app: App, _ctx: AppContext) => {};
