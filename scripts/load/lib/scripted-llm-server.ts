// The scripted model of the load stand-in (scripts/load/lib/standin.ts): the e2e run's script, then
// answers for the load's own requests (their markers in scripts/load/scenarios/markers.ts), then a
// generic answer for anything else. Prints `LLM_BASE_URL=<url>` and stops on SIGTERM.
import { aiE2eScript } from '../../../e2e/fixtures/ai-script';
import { startScriptedLlm } from '../../../e2e/fixtures/scripted-llm';
import { loadLlmRules } from '../scenarios/markers';

const llm = await startScriptedLlm([...loadLlmRules, ...aiE2eScript]);
process.stdout.write(`LLM_BASE_URL=${llm.baseUrl}\n`);
const stop = () => void llm.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
