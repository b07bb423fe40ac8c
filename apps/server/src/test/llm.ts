import type { LlmConfig } from '../config/config';

/** The model settings of a test configuration: no model configured, no retries. */
export const testLlmConfig = (overrides: Partial<LlmConfig> = {}): LlmConfig => ({
  baseUrl: undefined,
  apiKey: undefined,
  model: undefined,
  taskModels: {},
  maxRetries: 0,
  timeoutMs: 600_000,
  ...overrides,
});

/** Model settings that send every task to a scripted model server (e2e/fixtures/scripted-llm). */
export const scriptedLlmConfig = (baseUrl: string, overrides: Partial<LlmConfig> = {}): LlmConfig =>
  testLlmConfig({ baseUrl, model: 'scripted', timeoutMs: 60_000, ...overrides });
