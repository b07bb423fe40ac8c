// `npm run eval:judge`: the AI judge's agreement with human grades on the UNT short-answer benchmark and on
// the Chinese set of this repository, through the real app and whatever model LLM_BASE_URL names.
//
//   npm run eval:judge -- [--dataset unt|zh|all] [--limit N] [--concurrency N] [--unt-dir DIR] [--json FILE]
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runJudgeEval } from './judge-harness';

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', default: 'all' },
    limit: { type: 'string' },
    concurrency: { type: 'string', default: '4' },
    'unt-dir': { type: 'string' },
    json: { type: 'string' },
  },
});

const dataset = values.dataset;
if (dataset !== 'unt' && dataset !== 'zh' && dataset !== 'all') {
  console.error('--dataset must be unt, zh or all');
  process.exit(2);
}
const limit = values.limit === undefined ? undefined : Number(values.limit);
const concurrency = Number(values.concurrency);
if (
  (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) ||
  !(Number.isInteger(concurrency) && concurrency > 0)
) {
  console.error('--limit and --concurrency must be positive integers');
  process.exit(2);
}

const outcome = await runJudgeEval({ dataset, limit, concurrency, untDir: values['unt-dir'] });
(outcome.exitCode === 0 ? console.log : console.error)(outcome.text);
if (values.json) {
  writeFileSync(
    values.json,
    `${JSON.stringify({ reports: outcome.reports, results: outcome.results }, null, 2)}\n`,
  );
}
process.exit(outcome.exitCode);
