export { normalizeOutput, outputsMatch } from './compare';
export {
  availableLanguages,
  findAvailableLanguage,
  findLanguageDefinition,
  LANGUAGES,
  type LanguageDefinition,
  type LanguageInfo,
  listLanguages,
} from './languages';
export { measureSandbox, type SandboxMeasurements } from './measure';
export * from './messages';
export {
  displayText,
  type EvaluateOptions,
  type EvaluationTurns,
  getSandbox,
  Sandbox,
  type SandboxOptions,
  type SandboxStatus,
  type StageResult,
  sandboxStatus,
  type Verdict,
} from './sandbox';
export { type EvaluationRequest, type TestcaseInput, verifyRequest } from './verify';
