import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODE_EXECUTION, loadCodeExecutionConfig } from './program-execution.config';

describe('loadCodeExecutionConfig', () => {
  it('runs one evaluation per core by default, with the documented limits', () => {
    expect(loadCodeExecutionConfig({})).toEqual({
      ...DEFAULT_CODE_EXECUTION,
      workers: availableParallelism(),
    });
    expect(DEFAULT_CODE_EXECUTION).toMatchObject({ queueLimit: 100, submitsPerMinute: 30, workers: 0 });
  });

  it('reads the environment; blank values fall back to the defaults', () => {
    const config = loadCodeExecutionConfig({
      CODE_RUNNER_WORKERS: '0',
      CODE_RUNNER_QUEUE_LIMIT: '5',
      CODE_RUNNER_SUBMITS_PER_MINUTE: '7',
      CODE_RUNNER_POLL_MS: '500',
      CODE_RUNNER_RETENTION_DAYS: ' ',
      CODE_RUNNER_PER_USER: '3',
    });
    expect(config).toMatchObject({
      workers: 0,
      perUserLimit: 3,
      queueLimit: 5,
      submitsPerMinute: 7,
      pollingIntervalMs: 500,
    });
    expect(loadCodeExecutionConfig({}).perUserLimit).toBeNull();
    expect(config.retentionDays).toBe(DEFAULT_CODE_EXECUTION.retentionDays);
  });

  it('names every bad variable', () => {
    expect(() =>
      loadCodeExecutionConfig({ CODE_RUNNER_QUEUE_LIMIT: '0', CODE_RUNNER_POLL_MS: '100' }),
    ).toThrow(/CODE_RUNNER_QUEUE_LIMIT[\s\S]*CODE_RUNNER_POLL_MS/);
    expect(() => loadCodeExecutionConfig({ CODE_RUNNER_WORKERS: 'many' })).toThrow(/CODE_RUNNER_WORKERS/);
  });
});
