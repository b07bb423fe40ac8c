import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ASSISTANT_LIMITS } from '@uplus/shared';
import { z } from 'zod';

/** The repository root, found from this file (apps/server/src/config). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);
const flag = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v) =>
      v === undefined || v.trim() === '' ? fallback : !FALSE_WORDS.has(v.trim().toLowerCase()),
    );

/** Whether CLOUD_IDE_URL is usable: with its placeholders filled, an http(s) address or a path here. */
export const isCloudIdeTemplate = (template: string): boolean => {
  const sample = template.replace(/\{(serviceType|projectId|repositoryId|username)\}/g, 'x');
  if (sample.startsWith('/')) return !sample.startsWith('//') && !sample.startsWith('/\\');
  try {
    const url = new URL(sample);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** PGlite lives in DATA_DIR/pglite; relative paths are taken from where `npm` was started. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** When set, PostgreSQL through `pg` instead of the embedded PGlite. */
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  /** `false` disables the demo data (a default product deployment is still created). */
  DEMO_DATA: flag(true),
  /** Deployment used when the request host matches none. */
  DEPLOYMENT_CODE: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Lifetime of an access token (sign-in ticket) and of the identity provider's own session. */
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(168),
  /** Signs certificates and form tokens. When absent one is generated once and kept in the database. */
  APP_SECRET: optionalText.pipe(z.string().min(32, 'APP_SECRET must be at least 32 characters').optional()),
  /** Built web app (index.html and assets). */
  WEB_DIST: optionalText,
  /** Address of the college admin site when no COLLEGE_ADMIN_URL config pair names one. */
  COLLEGE_ADMIN_URL: z.string().default('/college-admin'),
  /** Trust X-Forwarded-* headers (behind a reverse proxy): client address for rate limits, protocol. */
  TRUST_PROXY: flag(false),
  /**
   * Origins (scheme://host[:port], comma- or space-separated) users reach the platform at. The identity
   * provider sends a sign-in ticket only to these or to a deployment's host name (default port or PORT);
   * unset: http://localhost:PORT and http://127.0.0.1:PORT.
   */
  PUBLIC_ORIGINS: optionalText,
  /** OpenAI-compatible chat-completions endpoint, e.g. http://localhost:11434/v1 (Ollama). */
  LLM_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Sent as the bearer token; local servers (Ollama, llama.cpp) need none. Never logged. */
  LLM_API_KEY: optionalText,
  /** Model used by every AI task without a model of its own. */
  LLM_MODEL: optionalText,
  /** Optional model per AI task. */
  LLM_MODEL_GENERATE: optionalText,
  LLM_MODEL_STRUCTURE: optionalText,
  LLM_MODEL_JUDGE: optionalText,
  /** The AI assistants' answers (issue 16). */
  LLM_MODEL_ASSISTANT: optionalText,
  /** Retries of a failed model request (connection errors, 429, 5xx), by the openai client. */
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(1),
  /** Model calls (draft streams, structuring, judging) one user may start per minute; 0: no limit. */
  AI_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(30),
  /** Draft streams one user may have running at once; 0: no limit. */
  AI_STREAMS_PER_USER: z.coerce.number().int().min(0).max(1000).default(2),
  /** Questions one user may ask the AI assistants per day (China time), all courses together. */
  ASSISTANT_USER_DAILY: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** Questions all users together may ask the assistants per course and day. */
  ASSISTANT_COURSE_DAILY: z.coerce.number().int().min(1).max(100_000_000).optional(),
  /** The school lets a course's teachers read their students' assistant conversations of the course. */
  ASSISTANT_TEACHER_READS_CONVERSATIONS: flag(false),
  /** `off` resolves every access token from the database (no in-process session cache). */
  SESSION_CACHE: flag(true),
  /** Longest time a cached session is served without reading the database (changes notify at once). */
  SESSION_CACHE_TTL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3_600_000)
    .default(60_000),
  /** Most sessions kept per process (least recently used ones go first). */
  SESSION_CACHE_SIZE: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
  /** Where uploaded files are kept on local disk (no S3_BUCKET); relative to where npm was started. */
  FILES_DIR: optionalText,
  /** How long a signed file address stays valid, in seconds. */
  FILE_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(7 * 24 * 3600)
    .default(3600),
  /** S3-compatible object storage (MinIO, Huawei OBS, AWS): set S3_BUCKET to use it instead of local disk. */
  S3_BUCKET: optionalText,
  /** e.g. http://127.0.0.1:9000 (MinIO); unset: AWS's endpoint for S3_REGION */
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  /** Never logged. */
  S3_SECRET_ACCESS_KEY: optionalText,
  /** path-style addresses (MinIO and most self-hosted stores need them) */
  S3_FORCE_PATH_STYLE: flag(true),
  /** Live video provider: where the browser plays a room's stream (HLS), e.g. https://play.example.com/live */
  LIVE_PLAY_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Where the lecturer's encoder pushes, e.g. rtmp://push.example.com/live */
  LIVE_PUSH_URL: optionalText.pipe(z.url({ protocol: /^(rtmp|rtmps|srt|https?)$/ }).optional()),
  /** The provider's URL-signing key (auth_key); never reaches the browser unsigned, never logged. */
  LIVE_AUTH_KEY: optionalText,
  /** The provider's chat service (WebSocket), e.g. wss://chat.example.com/ws */
  LIVE_CHAT_URL: optionalText.pipe(z.url({ protocol: /^(wss?|https?)$/ }).optional()),
  /** Signs chat tokens; never logged. */
  LIVE_CHAT_SECRET: optionalText,
  /**
   * Other origins (comma- or space-separated) whose videos and HLS streams pages may play, e.g. a CDN an
   * organiser's HLS addresses are on. The S3 endpoint and LIVE_PLAY_URL's origin are allowed anyway.
   */
  MEDIA_ORIGINS: optionalText,
  /** The resume PDF's fonts (issue 13): a font file (.ttc/.otf/.ttf) and the face in it; Noto CJK by default. */
  RESUME_PDF_FONT: optionalText,
  RESUME_PDF_FONT_FAMILY: optionalText,
  RESUME_PDF_BOLD_FONT: optionalText,
  RESUME_PDF_BOLD_FONT_FAMILY: optionalText,
  /** LibreOffice's `soffice` for previews of Word attachments; unset: looked for on PATH (none: download). */
  SOFFICE_PATH: optionalText,
  /**
   * Map tiles (issue 14): an OpenStreetMap-style template with {z}, {x}, {y} (optionally {s}), e.g.
   * https://tile.openstreetmap.org/{z}/{x}/{y}.png. Unset: jobs show their address as text, no map.
   */
  MAP_TILE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** The tiles' attribution line (their licence usually requires it). */
  MAP_ATTRIBUTION: optionalText,
  /**
   * A Nominatim-compatible search endpoint (GET ?q=&format=jsonv2&limit=1 -> [{lat, lon}]) that geocodes
   * a position's address when the employer saves it, e.g. https://nominatim.openstreetmap.org/search.
   */
  MAP_GEOCODE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /**
   * The cloud development environment (issue 15): an address template with {serviceType}, {projectId},
   * {repositoryId} and {username} (each filled URL-encoded), absolute http(s) or a path on this site, e.g.
   * https://ide.example.edu/?type={serviceType}&project={projectId}&repo={repositoryId}&user={username}.
   * Unset: 云端开发环境尚未配置.
   */
  CLOUD_IDE_URL: optionalText.pipe(
    z
      .string()
      .refine(isCloudIdeTemplate, 'not an http(s) address or a path (placeholders {serviceType} …)')
      .optional(),
  ),
  /** Lifetime of watch and chat tokens, in seconds. */
  LIVE_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(4 * 3600),
});

/** The AI tasks; each may have its own model. */
export type LlmTask = 'generate' | 'structure' | 'judge' | 'assistant';

/** The LLM endpoint. AI calls answer 503 AI服务未配置 unless baseUrl and model are set. */
export type LlmConfig = {
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string | undefined;
  taskModels: Partial<Record<LlmTask, string>>;
  maxRetries: number;
  /**
   * Per request (spec 000 section 9: 10 minutes for the AI calls); a streamed answer fails after this long
   * without a new chunk.
   */
  timeoutMs: number;
  /** Model calls one user may start per minute, on all instances together; 0: no limit (default 30). */
  callsPerMinute?: number;
  /** Draft streams one user may have running at once, on all instances together; 0: no limit (default 2). */
  streamsPerUser?: number;
};

/** Per-user limits of model calls when the configuration names none (AI_RATE_LIMIT_PER_MINUTE and so on). */
export const DEFAULT_AI_LIMITS = { callsPerMinute: 30, streamsPerUser: 2 } as const;

/** The AI assistants (issue 16): daily quotas and the school's policy on teachers reading conversations. */
export type AssistantConfig = {
  /** questions per user and day (ASSISTANT_USER_DAILY, default ASSISTANT_LIMITS.userDaily) */
  userDaily: number;
  /** questions per course and day (ASSISTANT_COURSE_DAILY, default ASSISTANT_LIMITS.courseDaily) */
  courseDaily: number;
  /** ASSISTANT_TEACHER_READS_CONVERSATIONS (default false) */
  teacherReadsConversations: boolean;
};

/** The in-process cache of resolved access tokens (decision 0006). */
export type SessionCacheConfig = {
  /** false: every request reads its session from the database */
  enabled: boolean;
  /** longest time an entry is served without reading the database */
  ttlMs: number;
  maxEntries: number;
};

/** Where uploaded files live: local disk (default) or an S3-compatible store. */
export type StorageConfig =
  | { kind: 'local'; dir: string; urlTtlSeconds: number }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string | undefined;
      region: string;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
      urlTtlSeconds: number;
    };

/**
 * The live video provider (issue 12): a CDN that signs play and push addresses with an auth key (the
 * scheme Alibaba Cloud, Tencent Cloud and self-hosted SRS/nginx secure-link setups share) and a chat
 * service taking HMAC-signed tokens. Absent: rooms show their schedule and, after a session, its playback.
 */
export type LiveConfig = {
  playUrl: string | undefined;
  pushUrl: string | undefined;
  authKey: string | undefined;
  chatUrl: string | undefined;
  chatSecret: string | undefined;
  tokenTtlSeconds: number;
};

/** A font file and the face to use in it (a .ttc holds several: its PostScript name picks one). */
export type PdfFont = { path: string; family: string };

/** Documents the server makes or converts (issue 13): the resume PDF's fonts, LibreOffice for Word previews. */
export type DocumentsConfig = {
  pdfFonts: { regular: PdfFont; bold: PdfFont };
  sofficePath: string | undefined;
};

/** The map provider (issue 14): tiles for the browser, a geocoder for the server. All optional. */
export type MapsConfig = {
  tileUrl: string | undefined;
  attribution: string | undefined;
  geocodeUrl: string | undefined;
};

/** Debian's fonts-noto-cjk (Simplified Chinese faces). */
const NOTO_DIR = '/usr/share/fonts/opentype/noto';

/** Typed server configuration, parsed once from the environment. */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demoData: boolean;
  deploymentCode: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  tokenTtlHours: number;
  appSecret: string | undefined;
  webDist: string;
  collegeAdminUrl: string;
  trustProxy: boolean;
  /** PUBLIC_ORIGINS, normalized; undefined: the loopback origins on `port` (see publicOriginsOf). */
  publicOrigins?: readonly string[];
  llm: LlmConfig;
  /** The assistants' quotas and policy; absent (tests): the defaults of ASSISTANT_LIMITS, no reading. */
  assistant?: AssistantConfig;
  sessionCache: SessionCacheConfig;
  storage: StorageConfig;
  live: LiveConfig;
  documents: DocumentsConfig;
  maps: MapsConfig;
  /** MEDIA_ORIGINS, normalized (see mediaOriginsOf for every origin pages may play media from). */
  mediaOrigins?: readonly string[];
  /** CLOUD_IDE_URL: the cloud development environment's address template (issue 15); unset: not configured. */
  cloudIdeUrl?: string;
};

/** `PUBLIC_ORIGINS` as origins; an entry that is not an http(s) origin stops the start (a typo would refuse sign-ins). */
const parseOrigins = (text: string, name = 'PUBLIC_ORIGINS'): string[] =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      let url: URL | null = null;
      try {
        url = new URL(entry);
      } catch {
        // reported below
      }
      if (!url || !['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search) {
        throw new Error(`Invalid environment:\n  ${name}: not an http(s) origin: ${entry}`);
      }
      return url.origin;
    });

/** The origin of an address, or null when it is not an absolute URL. */
const originOf = (address: string | undefined): string | null => {
  if (!address) return null;
  try {
    const origin = new URL(address).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
};

/**
 * Origins other than this one that pages may play video from and fetch HLS playlists and segments of
 * (the Content-Security-Policy's media-src and connect-src): the S3 store (presigned addresses), the live
 * provider's play address, MEDIA_ORIGINS; and the live chat service for connect-src.
 */
export const mediaOriginsOf = (
  config: Pick<Config, 'storage' | 'live' | 'mediaOrigins'>,
): { media: string[]; connect: string[] } => {
  const media = new Set<string>(config.mediaOrigins ?? []);
  if (config.storage.kind === 's3') {
    const s3 = config.storage.endpoint ? originOf(config.storage.endpoint) : 'https://*.amazonaws.com';
    if (s3) media.add(s3);
  }
  const play = originOf(config.live.playUrl);
  if (play) media.add(play);
  const connect = new Set(media);
  const chat = originOf(config.live.chatUrl);
  if (chat) connect.add(chat);
  return { media: [...media], connect: [...connect] };
};

/** The origins a redirect may go to besides the deployments' hosts: PUBLIC_ORIGINS, else loopback on PORT. */
export const publicOriginsOf = (config: Pick<Config, 'publicOrigins' | 'port'>): readonly string[] =>
  config.publicOrigins ?? [`http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`];

/** Parses the environment (process.env by default). Throws one readable error listing every bad variable. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed the command.
  const base = env.INIT_CWD && existsSync(env.INIT_CWD) ? env.INIT_CWD : process.cwd();
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(base, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    demoData: e.DEMO_DATA,
    deploymentCode: e.DEPLOYMENT_CODE,
    logLevel: e.LOG_LEVEL,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    appSecret: e.APP_SECRET,
    webDist: e.WEB_DIST ? path.resolve(base, e.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    collegeAdminUrl: e.COLLEGE_ADMIN_URL,
    trustProxy: e.TRUST_PROXY,
    publicOrigins: e.PUBLIC_ORIGINS === undefined ? undefined : parseOrigins(e.PUBLIC_ORIGINS),
    mediaOrigins: e.MEDIA_ORIGINS === undefined ? undefined : parseOrigins(e.MEDIA_ORIGINS, 'MEDIA_ORIGINS'),
    llm: {
      baseUrl: e.LLM_BASE_URL,
      apiKey: e.LLM_API_KEY,
      model: e.LLM_MODEL,
      taskModels: {
        ...(e.LLM_MODEL_GENERATE ? { generate: e.LLM_MODEL_GENERATE } : {}),
        ...(e.LLM_MODEL_STRUCTURE ? { structure: e.LLM_MODEL_STRUCTURE } : {}),
        ...(e.LLM_MODEL_JUDGE ? { judge: e.LLM_MODEL_JUDGE } : {}),
        ...(e.LLM_MODEL_ASSISTANT ? { assistant: e.LLM_MODEL_ASSISTANT } : {}),
      },
      maxRetries: e.LLM_MAX_RETRIES,
      timeoutMs: 10 * 60 * 1000,
      callsPerMinute: e.AI_RATE_LIMIT_PER_MINUTE,
      streamsPerUser: e.AI_STREAMS_PER_USER,
    },
    assistant: {
      userDaily: e.ASSISTANT_USER_DAILY ?? ASSISTANT_LIMITS.userDaily,
      courseDaily: e.ASSISTANT_COURSE_DAILY ?? ASSISTANT_LIMITS.courseDaily,
      teacherReadsConversations: e.ASSISTANT_TEACHER_READS_CONVERSATIONS,
    },
    sessionCache: {
      // A TTL of 0 would cache nothing: the same as off.
      enabled: e.SESSION_CACHE && e.SESSION_CACHE_TTL_MS > 0,
      ttlMs: e.SESSION_CACHE_TTL_MS,
      maxEntries: e.SESSION_CACHE_SIZE,
    },
    storage: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          urlTtlSeconds: e.FILE_URL_TTL_SECONDS,
        }
      : {
          kind: 'local',
          dir: e.FILES_DIR
            ? path.resolve(base, e.FILES_DIR)
            : path.join(path.resolve(base, e.DATA_DIR), 'files'),
          urlTtlSeconds: e.FILE_URL_TTL_SECONDS,
        },
    live: {
      playUrl: e.LIVE_PLAY_URL,
      pushUrl: e.LIVE_PUSH_URL,
      authKey: e.LIVE_AUTH_KEY,
      chatUrl: e.LIVE_CHAT_URL,
      chatSecret: e.LIVE_CHAT_SECRET,
      tokenTtlSeconds: e.LIVE_TOKEN_TTL_SECONDS,
    },
    documents: {
      pdfFonts: {
        regular: {
          path: e.RESUME_PDF_FONT ?? `${NOTO_DIR}/NotoSansCJK-Regular.ttc`,
          family: e.RESUME_PDF_FONT_FAMILY ?? 'NotoSansCJKsc-Regular',
        },
        bold: {
          path: e.RESUME_PDF_BOLD_FONT ?? `${NOTO_DIR}/NotoSansCJK-Bold.ttc`,
          family: e.RESUME_PDF_BOLD_FONT_FAMILY ?? 'NotoSansCJKsc-Bold',
        },
      },
      sofficePath: e.SOFFICE_PATH,
    },
    maps: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION, geocodeUrl: e.MAP_GEOCODE_URL },
    cloudIdeUrl: e.CLOUD_IDE_URL,
  };
};
