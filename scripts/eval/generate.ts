// `npm run eval:generate`: the share of AI-generated questions that pass the editor's rules and, for coding
// questions, whose reference solution passes its own test cases, through the real app and whatever model
// LLM_BASE_URL names (reference solutions run in this host's sandbox).
//
//   npm run eval:generate -- [--concurrency N] [--only NAME] [--json FILE]
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { GENERATE_REQUESTS, runGenerateEval } from './generate-harness';

const { values } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '2' },
    only: { type: 'string' },
    json: { type: 'string' },
  },
});
const concurrency = Number(values.concurrency);
if (!(Number.isInteger(concurrency) && concurrency > 0)) {
  console.error('--concurrency must be a positive integer');
  process.exit(2);
}
const requests = values.only
  ? GENERATE_REQUESTS.filter((r) => r.name.includes(values.only ?? ''))
  : GENERATE_REQUESTS;
if (requests.length === 0) {
  console.error(`--only matches none of: ${GENERATE_REQUESTS.map((r) => r.name).join(', ')}`);
  process.exit(2);
}

const outcome = await runGenerateEval({ requests, concurrency });
(outcome.exitCode === 0 ? console.log : console.error)(outcome.text);
if (values.json) {
  writeFileSync(
    values.json,
    `${JSON.stringify({ report: outcome.report, outcomes: outcome.outcomes }, null, 2)}\n`,
  );
}
process.exit(outcome.exitCode);
