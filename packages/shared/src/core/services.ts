/** Service bases: path prefixes of the one server, handed to the browser in the app config. */
export const SERVICE_BASES = {
  base: '/api/base',
  course: '/api/course',
  portal: '/api/portal',
  opencourse: '/api/opencourse',
  live: '/api/live',
  competition: '/api/competition',
  qmn: '/api/qmn',
  ourea: '/api/ourea',
} as const;
export type ServiceName = keyof typeof SERVICE_BASES;
export type ServiceBases = Record<ServiceName, string>;

/** Request timeouts (spec 000 section 9). */
export const DEFAULT_TIMEOUT_MS = 60_000;
export const AI_TIMEOUT_MS = 600_000;

/** Local storage keys as the specs name them. */
export const STORAGE_KEYS = {
  token: 'AccessToken',
  memberId: 'memberId',
  userid: 'userid',
  role: 'role',
  organ: 'organ',
  schoolCode: 'schoolCode',
} as const;

/** BroadcastChannel used to tell other open tabs that the organisation changed. */
export const ORGAN_CHANNEL = 'uplus-organ';
