import type { App, AppContext } from '../../http/context';

/** `POST {ASSISTANT_BASE}/files` (issue 16 part 5): filled in by as-files in the next commits. */
export const assistantFileRoutes = (_app: App, _ctx: AppContext) => {};
