import OpenAI from 'openai';
import type { Stream } from 'openai/streaming';
import type { z } from 'zod';
import { toJSONSchema } from 'zod';
import type { LlmConfig, LlmTask } from '../config/config';
import { AppError } from '../core/errors';

/** Start of the answer when no model is configured (the web client shows the message as it is). */
export const AI_NOT_CONFIGURED =
  'AI服务未配置：请设置环境变量 LLM_BASE_URL（OpenAI 兼容接口地址，如 http://localhost:11434/v1）、' +
  'LLM_MODEL（模型名称）和 LLM_API_KEY（接口密钥，本地模型服务可不填），然后重启服务';

/** One chat message. Student or teacher text goes only into user messages, delimited (see `delimit`). */
export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/**
 * The model service failed (connection, HTTP error, timeout). `reason` is a Chinese text fit to show: it
 * never carries the key, the address or the upstream's body.
 */
export class LlmUpstreamError extends Error {
  readonly reason: string;
  readonly status: number | undefined;
  constructor(reason: string, status?: number) {
    super(reason);
    this.name = 'LlmUpstreamError';
    this.reason = reason;
    this.status = status;
  }
}

/** The model answered, but not with JSON matching the schema, also after the bounded re-asks. */
export class LlmOutputError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.name = 'LlmOutputError';
    this.reason = reason;
  }
}

/** The caller aborted (stop, client gone). */
export class LlmAbortedError extends Error {
  constructor() {
    super('aborted');
    this.name = 'LlmAbortedError';
  }
}

/** How structured output is asked for; endpoints without json_schema support step down once and stay down. */
type JsonMode = 'json_schema' | 'json_object' | 'none';

export type StreamOptions = {
  task: LlmTask;
  messages: ChatMessage[];
  signal?: AbortSignal;
  temperature?: number;
};

export type JsonOptions<T> = StreamOptions & {
  /** The answer's schema; its JSON Schema (with the fields' descriptions) goes to the model. */
  schema: z.ZodType<T>;
  /** Name of the schema for `response_format` (letters, digits, _ and -). */
  schemaName: string;
  /** Re-asks after an answer that is not valid JSON for the schema (default 2). */
  repairs?: number;
};

export type LlmClient = {
  /** Whether an endpoint and a model are configured. */
  readonly configured: boolean;
  /** The model a task uses (throws 503 AI服务未配置 without configuration). */
  modelFor: (task: LlmTask) => string;
  /**
   * A streamed completion: the text deltas as they arrive. Aborting `signal` closes the upstream request.
   * Throws AppError 503 without configuration, LlmUpstreamError, LlmAbortedError.
   */
  streamText: (options: StreamOptions) => AsyncGenerator<string, void, undefined>;
  /** A whole completion as text. */
  completeText: (options: StreamOptions) => Promise<string>;
  /**
   * A completion parsed as JSON and validated with `schema`, re-asking up to `repairs` times on a broken
   * answer (the broken answer and what is wrong with it go back to the model). Throws LlmOutputError when
   * every answer was broken.
   */
  completeJson: <T>(options: JsonOptions<T>) => Promise<T>;
};

/** Puts text (a student's answer, a teacher's requirement) between markers it cannot close itself. */
export const delimit = (tag: string, text: string) => {
  const safe = text.replaceAll(`<${tag}>`, `＜${tag}＞`).replaceAll(`</${tag}>`, `＜/${tag}＞`);
  return `<${tag}>\n${safe}\n</${tag}>`;
};

/** Reads a JSON value from a model answer: plain, inside a ``` fence, or the outermost {...}. */
export const extractJson = (text: string): unknown => {
  const trimmed = text.trim();
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(trimmed)?.[1];
  const candidates = [trimmed, fenced?.trim()];
  const start = trimmed.indexOf('{');
  const end = trimmed.lastIndexOf('}');
  if (start >= 0 && end > start) candidates.push(trimmed.slice(start, end + 1));
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next reading
    }
  }
  throw new SyntaxError('回答不是合法的JSON');
};

/** The reason when the model service took longer than LlmConfig.timeoutMs. */
const TIMEOUT_REASON = '模型服务响应超时';

const upstreamReason = (error: unknown): LlmUpstreamError | LlmAbortedError => {
  if (error instanceof LlmUpstreamError || error instanceof LlmAbortedError) return error;
  if (error instanceof OpenAI.APIUserAbortError) return new LlmAbortedError();
  if (error instanceof OpenAI.APIConnectionTimeoutError) return new LlmUpstreamError(TIMEOUT_REASON);
  if (error instanceof OpenAI.APIConnectionError) return new LlmUpstreamError('无法连接模型服务');
  if (error instanceof OpenAI.APIError && error.status) {
    const hint =
      error.status === 401 || error.status === 403
        ? '，请检查 LLM_API_KEY'
        : error.status === 404
          ? '，请检查 LLM_BASE_URL 和 LLM_MODEL'
          : error.status === 429
            ? '，请求过于频繁或额度不足'
            : '';
    return new LlmUpstreamError(`模型服务返回错误（HTTP ${error.status}${hint}）`, error.status);
  }
  if (error instanceof Error && error.name === 'AbortError') return new LlmAbortedError();
  return new LlmUpstreamError('模型服务返回了无法识别的内容');
};

const issueText = (error: z.ZodError) =>
  error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(根)'}: ${i.message}`)
    .join('; ');

/** Builds the one LLM client of the app from LLM_* settings. Nothing is sent until a call is made. */
export const createLlmClient = (config: LlmConfig): LlmClient => {
  const configured = Boolean(config.baseUrl && config.model);
  let openai: OpenAI | null = null;
  let jsonMode: JsonMode = 'json_schema';

  const api = () => {
    if (!configured) throw new AppError(503, AI_NOT_CONFIGURED);
    openai ??= new OpenAI({
      baseURL: config.baseUrl,
      // Local servers take any key; the SDK insists on one.
      apiKey: config.apiKey ?? 'not-needed',
      timeout: config.timeoutMs,
      maxRetries: config.maxRetries,
      // The SDK's own log lines could carry request details: ours say what is needed.
      logLevel: 'off',
    });
    return openai;
  };
  const modelFor = (task: LlmTask) => {
    api();
    return config.taskModels[task] ?? (config.model as string);
  };

  async function* streamText(options: StreamOptions): AsyncGenerator<string, void, undefined> {
    const client = api();
    let stream: Stream<OpenAI.Chat.Completions.ChatCompletionChunk>;
    try {
      stream = await client.chat.completions.create(
        {
          model: modelFor(options.task),
          messages: options.messages,
          stream: true,
          ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
        },
        { signal: options.signal },
      );
    } catch (error) {
      throw upstreamReason(error);
    }
    // The SDK's timeout ends with the answer's headers: a stream that stalls later is cut here, after the
    // same time without a chunk (a slow but steady model is not cut).
    let stalled = false;
    let idle: NodeJS.Timeout | undefined;
    const watch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        stalled = true;
        stream.controller.abort();
      }, config.timeoutMs);
    };
    try {
      watch();
      for await (const chunk of stream) {
        // Time spent by the consumer between chunks is not the model's.
        clearTimeout(idle);
        const delta = chunk.choices?.[0]?.delta?.content;
        if (delta) yield delta;
        watch();
      }
    } catch (error) {
      if (stalled) throw new LlmUpstreamError(TIMEOUT_REASON);
      throw upstreamReason(error);
    } finally {
      clearTimeout(idle);
      // A consumer that stops early (return/throw into the generator) closes the upstream request too.
      if (!options.signal?.aborted) stream.controller.abort();
    }
    if (stalled) throw new LlmUpstreamError(TIMEOUT_REASON);
    if (options.signal?.aborted) throw new LlmAbortedError();
  }

  const complete = async (
    options: StreamOptions,
    responseFormat: OpenAI.Chat.Completions.ChatCompletionCreateParams['response_format'],
  ) => {
    const completion = await api().chat.completions.create(
      {
        model: modelFor(options.task),
        messages: options.messages,
        stream: false,
        ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
        ...(responseFormat ? { response_format: responseFormat } : {}),
      },
      { signal: options.signal },
    );
    return completion.choices?.[0]?.message?.content ?? '';
  };

  const completeText = async (options: StreamOptions) => {
    try {
      return await complete(options, undefined);
    } catch (error) {
      throw upstreamReason(error);
    }
  };

  /**
   * One answer in the best JSON mode the endpoint accepts: a 400 (or 422) steps down to the next mode for
   * this call, and a mode that then works is remembered. A 400 with another cause (e.g. a too long prompt)
   * fails in every mode and so changes nothing for later calls.
   */
  const completeInJsonMode = async (
    options: StreamOptions,
    jsonSchema: Record<string, unknown>,
    name: string,
  ) => {
    let mode = jsonMode;
    for (;;) {
      const format =
        mode === 'json_schema'
          ? ({ type: 'json_schema', json_schema: { name, schema: jsonSchema, strict: false } } as const)
          : mode === 'json_object'
            ? ({ type: 'json_object' } as const)
            : undefined;
      try {
        const text = await complete(options, format);
        jsonMode = mode;
        return text;
      } catch (error) {
        const refused = error instanceof OpenAI.APIError && (error.status === 400 || error.status === 422);
        if (refused && mode !== 'none') {
          mode = mode === 'json_schema' ? 'json_object' : 'none';
          continue;
        }
        throw upstreamReason(error);
      }
    }
  };

  const completeJson = async <T>(options: JsonOptions<T>): Promise<T> => {
    api();
    // Some endpoints refuse the meta-schema key: only the schema itself goes.
    const { $schema: _meta, ...jsonSchema } = toJSONSchema(options.schema, {
      io: 'input',
      unrepresentable: 'any',
    }) as Record<string, unknown>;
    const schemaText = JSON.stringify(jsonSchema);
    // Endpoints without json_schema still learn the shape from the system message.
    const messages: ChatMessage[] = [
      ...options.messages,
      { role: 'system', content: `只输出一个JSON对象，不要输出其他文字。JSON Schema：${schemaText}` },
    ];
    const repairs = options.repairs ?? 2;
    let problem = '';
    for (let attempt = 0; attempt <= repairs; attempt++) {
      const text = await completeInJsonMode({ ...options, messages }, jsonSchema, options.schemaName);
      try {
        const parsed = options.schema.safeParse(extractJson(text));
        if (parsed.success) return parsed.data;
        problem = `JSON不符合要求（${issueText(parsed.error)}）`;
      } catch {
        problem = '回答不是合法的JSON';
      }
      messages.push(
        { role: 'assistant', content: text },
        {
          role: 'user',
          content: `上面的回答无法使用：${problem}。请重新回答，只输出一个符合JSON Schema的JSON对象。`,
        },
      );
    }
    throw new LlmOutputError(`模型多次返回无法解析的结果：${problem}`);
  };

  return { configured, modelFor, streamText, completeText, completeJson };
};
