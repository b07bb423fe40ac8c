import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, mediaOriginsOf, publicOriginsOf, REPO_ROOT } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({ INIT_CWD: REPO_ROOT });
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.join(REPO_ROOT, 'data'),
      databaseUrl: undefined,
      demoData: true,
      deploymentCode: undefined,
      logLevel: 'info',
      tokenTtlHours: 168,
      appSecret: undefined,
      webDist: path.join(REPO_ROOT, 'apps/web/dist'),
      trustProxy: false,
    });
  });

  it('PUBLIC_ORIGINS: normalized origins; unset, loopback on PORT; anything but an origin stops the start', () => {
    const set = loadConfig({
      PUBLIC_ORIGINS: 'https://Uplus.Example.edu:443/, http://school.example.edu:8080',
    });
    expect(set.publicOrigins).toEqual(['https://uplus.example.edu', 'http://school.example.edu:8080']);
    expect(publicOriginsOf(set)).toEqual(set.publicOrigins);
    expect(publicOriginsOf(loadConfig({ PORT: '3999' }))).toEqual([
      'http://localhost:3999',
      'http://127.0.0.1:3999',
    ]);
    for (const bad of ['uplus.example.edu', 'ftp://uplus.example.edu', 'https://uplus.example.edu/app']) {
      expect(() => loadConfig({ PUBLIC_ORIGINS: bad }), bad).toThrow(/PUBLIC_ORIGINS/);
    }
  });

  it('reads every variable', () => {
    const c = loadConfig({
      INIT_CWD: '/tmp',
      PORT: '3999',
      HOST: '127.0.0.1',
      DATA_DIR: 'uplus-data',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/uplus',
      DEMO_DATA: 'false',
      DEPLOYMENT_CODE: 'UPLUS-C001',
      LOG_LEVEL: 'warn',
      TOKEN_TTL_HOURS: '12',
      APP_SECRET: 'a'.repeat(32),
      WEB_DIST: '/srv/web',
    });
    expect(c).toMatchObject({
      port: 3999,
      host: '127.0.0.1',
      dataDir: '/tmp/uplus-data',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/uplus',
      demoData: false,
      deploymentCode: 'UPLUS-C001',
      logLevel: 'warn',
      tokenTtlHours: 12,
      appSecret: 'a'.repeat(32),
      webDist: '/srv/web',
    });
  });

  it('treats empty values as unset and only false-like words as false', () => {
    const c = loadConfig({ DATABASE_URL: '', APP_SECRET: ' ', DEMO_DATA: '', DEPLOYMENT_CODE: '' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.appSecret).toBeUndefined();
    expect(c.demoData).toBe(true);
    expect(c.deploymentCode).toBeUndefined();
    expect(loadConfig({ DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'FALSE' }).demoData).toBe(false);
  });

  it('rejects bad values with one readable error', () => {
    expect(() => loadConfig({ PORT: 'abc', TOKEN_TTL_HOURS: '-1' })).toThrow(/PORT[\s\S]*TOKEN_TTL_HOURS/);
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
  it('reads the LLM settings; the key is kept only in the config', () => {
    const c = loadConfig({
      LLM_BASE_URL: 'http://localhost:11434/v1',
      LLM_API_KEY: ' sk-abc ',
      LLM_MODEL: 'qwen2.5:7b',
      LLM_MODEL_JUDGE: 'judge-model',
      LLM_MAX_RETRIES: '0',
    });
    expect(c.llm).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      apiKey: 'sk-abc',
      model: 'qwen2.5:7b',
      taskModels: { judge: 'judge-model' },
      maxRetries: 0,
      timeoutMs: 600_000,
      callsPerMinute: 30,
      streamsPerUser: 2,
    });
    expect(loadConfig({}).llm).toMatchObject({ baseUrl: undefined, model: undefined, maxRetries: 1 });
    expect(() => loadConfig({ LLM_BASE_URL: 'ftp://x' })).toThrow(/LLM_BASE_URL/);
  });
  it('reads the session cache settings; off, or a TTL of 0, disables it', () => {
    expect(loadConfig({}).sessionCache).toEqual({ enabled: true, ttlMs: 60_000, maxEntries: 10_000 });
    expect(loadConfig({ SESSION_CACHE_TTL_MS: '5000', SESSION_CACHE_SIZE: '200' }).sessionCache).toEqual({
      enabled: true,
      ttlMs: 5000,
      maxEntries: 200,
    });
    expect(loadConfig({ SESSION_CACHE: 'off' }).sessionCache.enabled).toBe(false);
    expect(loadConfig({ SESSION_CACHE_TTL_MS: '0' }).sessionCache.enabled).toBe(false);
    expect(() => loadConfig({ SESSION_CACHE_SIZE: '0' })).toThrow(/SESSION_CACHE_SIZE/);
    expect(() => loadConfig({ SESSION_CACHE_TTL_MS: '-1' })).toThrow(/SESSION_CACHE_TTL_MS/);
  });
  it('reads the per-user limits of model calls; 0 turns a limit off', () => {
    expect(loadConfig({ AI_RATE_LIMIT_PER_MINUTE: '5', AI_STREAMS_PER_USER: '0' }).llm).toMatchObject({
      callsPerMinute: 5,
      streamsPerUser: 0,
    });
    expect(() => loadConfig({ AI_RATE_LIMIT_PER_MINUTE: '-1' })).toThrow(/AI_RATE_LIMIT_PER_MINUTE/);
    expect(() => loadConfig({ AI_STREAMS_PER_USER: 'two' })).toThrow(/AI_STREAMS_PER_USER/);
  });
});

describe('the assistants (issue 16)', () => {
  it('reads the assistant model, the daily quotas and the teachers’ reading policy', () => {
    expect(loadConfig({}).assistant).toEqual({
      userDaily: 100,
      courseDaily: 2000,
      teacherReadsConversations: false,
    });
    const c = loadConfig({
      LLM_MODEL_ASSISTANT: 'chat-model',
      ASSISTANT_USER_DAILY: '20',
      ASSISTANT_COURSE_DAILY: '500',
      ASSISTANT_TEACHER_READS_CONVERSATIONS: 'true',
    });
    expect(c.llm.taskModels).toEqual({ assistant: 'chat-model' });
    expect(c.assistant).toEqual({ userDaily: 20, courseDaily: 500, teacherReadsConversations: true });
    expect(() => loadConfig({ ASSISTANT_USER_DAILY: '0' })).toThrow(/ASSISTANT_USER_DAILY/);
    expect(() => loadConfig({ ASSISTANT_COURSE_DAILY: 'many' })).toThrow(/ASSISTANT_COURSE_DAILY/);
  });
});

describe('storage, live video and media origins (issue 12)', () => {
  it('keeps files on local disk under DATA_DIR/files unless S3_BUCKET is set', () => {
    const local = loadConfig({ DATA_DIR: '/srv/uplus' });
    expect(local.storage).toEqual({ kind: 'local', dir: '/srv/uplus/files', urlTtlSeconds: 3600 });
    expect(loadConfig({ FILES_DIR: '/mnt/files' }).storage).toMatchObject({
      kind: 'local',
      dir: '/mnt/files',
    });
    const s3 = loadConfig({
      S3_BUCKET: 'uplus',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      FILE_URL_TTL_SECONDS: '600',
    });
    expect(s3.storage).toEqual({
      kind: 's3',
      bucket: 'uplus',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'minio',
      secretAccessKey: 'minio-secret',
      forcePathStyle: true,
      urlTtlSeconds: 600,
    });
  });

  it('allows media from the S3 endpoint, the live play origin and MEDIA_ORIGINS; the chat origin for connections', () => {
    expect(mediaOriginsOf(loadConfig({}))).toEqual({ media: [], connect: [] });
    const config = loadConfig({
      S3_BUCKET: 'uplus',
      S3_ENDPOINT: 'https://oss.example.com:9000/ignored/path',
      LIVE_PLAY_URL: 'https://play.example.com/live',
      LIVE_CHAT_URL: 'wss://chat.example.com/ws',
      MEDIA_ORIGINS: 'https://cdn.example.com, https://video.example.org/',
    });
    expect(mediaOriginsOf(config)).toEqual({
      media: [
        'https://cdn.example.com',
        'https://video.example.org',
        'https://oss.example.com:9000',
        'https://play.example.com',
      ],
      connect: [
        'https://cdn.example.com',
        'https://video.example.org',
        'https://oss.example.com:9000',
        'https://play.example.com',
        'wss://chat.example.com',
      ],
    });
    // AWS without an endpoint: the bucket's virtual host is one of amazonaws.com's
    expect(mediaOriginsOf(loadConfig({ S3_BUCKET: 'uplus' })).media).toEqual(['https://*.amazonaws.com']);
    expect(() => loadConfig({ MEDIA_ORIGINS: 'cdn.example.com' })).toThrow(
      /MEDIA_ORIGINS: not an http\(s\) origin/,
    );
  });
});
