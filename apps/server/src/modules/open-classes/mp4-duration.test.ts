import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalStore } from '../../storage/local-store';
import { mp4DurationSeconds, mvhdSeconds } from './mp4-duration';

const ASSET = new URL('../../seed/assets/demo-open-class.mp4', import.meta.url);

describe('mp4DurationSeconds', () => {
  const store = createLocalStore(path.join(os.tmpdir(), `uplus-mp4-test-${process.pid}`));

  it('reads the demo video’s 30 s from its movie header', async () => {
    const bytes = await readFile(ASSET);
    await store.put('v/demo.mp4', bytes, 'video/mp4');
    expect(await mp4DurationSeconds(store, 'v/demo.mp4', bytes.length)).toBeCloseTo(30, 0);
  });

  it('moov after mdat (not fast start) is found too; anything else is null', async () => {
    const box = (name: string, payload: Buffer) => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(8 + payload.length, 0);
      head.write(name, 4, 'latin1');
      return Buffer.concat([head, payload]);
    };
    const mvhd = Buffer.alloc(100);
    mvhd.writeUInt32BE(1000, 12); // timescale
    mvhd.writeUInt32BE(95_500, 16); // duration
    const file = Buffer.concat([
      box('ftyp', Buffer.from('isom0000')),
      box('mdat', Buffer.alloc(5000)),
      box('moov', box('mvhd', mvhd)),
    ]);
    await store.put('v/late.mp4', file, 'video/mp4');
    expect(await mp4DurationSeconds(store, 'v/late.mp4', file.length)).toBe(95.5);
    await store.put('v/junk.mp4', Buffer.from('not a video at all'), 'video/mp4');
    expect(await mp4DurationSeconds(store, 'v/junk.mp4', 18)).toBeNull();
    expect(await mp4DurationSeconds(store, 'v/missing.mp4', 1000)).toBeNull();
    // version 1 headers carry 64-bit times
    const v1 = Buffer.alloc(40);
    v1[0] = 1;
    v1.writeUInt32BE(90_000, 20);
    v1.writeBigUInt64BE(2_700_000n, 24);
    expect(mvhdSeconds(v1)).toBe(30);
  });
});
