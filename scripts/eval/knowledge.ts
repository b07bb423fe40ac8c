// `npm run eval:knowledge`: recall@1, recall@5 and MRR of the knowledge base's retrieval on the labelled
// questions over the demo course's lecture notes (knowledge-harness.ts), on a fresh in-memory PGlite.
//
//   npm run eval:knowledge -- [--json FILE] [--quiet]   (--quiet: the figures without the list of misses)
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { migrateDatabase, openPglite } from '../../apps/server/src/db/client';
import { knowledgeEvalText, runKnowledgeEval } from './knowledge-harness';

const { values } = parseArgs({
  options: { json: { type: 'string' }, quiet: { type: 'boolean', default: false } },
});

const database = await openPglite();
try {
  await migrateDatabase(database);
  const report = await runKnowledgeEval(database.db);
  console.log(knowledgeEvalText(report, { misses: !values.quiet }));
  if (values.json) writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
} finally {
  await database.close();
}
