// Which endpoints of the server are lists, read from the routes the app registers (its OpenAPI document,
// made from every route's schemas), not from a hand-kept list: a list added later shows up here, and the
// coverage test (list-endpoints.test.ts) and `npm run load:lists` fail until it is measured.
import type { App } from '../../../apps/server/src/http/context';

type Operation = {
  parameters?: { in: string; name: string }[];
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
};
type JsonSchema = { properties?: Record<string, JsonSchema> };

/**
 * A list endpoint, as `METHOD /path/{param}` in the OpenAPI document's spelling: one whose query takes
 * `pageNumber` (the call conventions' paging; any method: the message list is a POST), or a GET whose
 * answer's `data` holds `rows` (the `{ rows, total }` shape, and the few lists that answer rows unpaged).
 */
export const listEndpointsOf = (app: App): string[] => {
  const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const found: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      const paged = (op.parameters ?? []).some((p) => p.in === 'query' && p.name === 'pageNumber');
      const data = op.responses?.['200']?.content?.['application/json']?.schema?.properties?.data;
      const rows = method === 'get' && data?.properties?.rows !== undefined;
      if (paged || rows) found.push(`${method.toUpperCase()} ${path}`);
    }
  return found.sort();
};
