import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, FileStore } from './storage';

/** Keys are made by the files area (letters, digits, '/', '-', '_', '.'); anything else is a bug. */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

/** The path of `key` under `dir`, refusing any key that could leave it. */
const pathOf = (dir: string, key: string) => {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.includes('//'))
    throw new Error(`bad storage key: ${key}`);
  return path.join(dir, key);
};

let tmpCounter = 0;

/** Files on local disk under `dir` (the embedded default). Writes go to a temporary name, then rename. */
export const createLocalStore = (dir: string): FileStore => ({
  kind: 'local',
  put: async (key, body, _contentType) => {
    const target = pathOf(dir, key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.${++tmpCounter}.part`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temp));
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { size: (await stat(target)).size };
  },
  get: async (key, range?: ByteRange) => {
    const target = pathOf(dir, key);
    const info = await stat(target).catch(() => null);
    if (!info?.isFile()) return null;
    const body = range
      ? createReadStream(target, { start: range.start, end: range.end })
      : createReadStream(target);
    return { body, size: info.size };
  },
  delete: async (key) => {
    await rm(pathOf(dir, key), { force: true });
  },
  directUrl: async () => null,
  uploadUrl: async () => null,
});
