/*
 * zod probes `new Function` when it builds its first object schema, to parse faster with generated code;
 * under the page's CSP (no 'unsafe-eval') that probe is refused with a violation report on every load.
 * `jitless` skips it, but zod reads its settings when it builds schemas, at module load, before any code of
 * main.tsx could call z.config(). This module sets them first: main.tsx imports it before anything else,
 * and vite.config.ts puts it at the head of the vendor chunk that holds zod.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
