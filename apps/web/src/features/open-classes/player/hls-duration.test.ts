import { describe, expect, it } from 'vitest';
import { readHlsDuration, readPlaylist } from './hls-duration';

const MEDIA = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-TARGETDURATION:2',
  '#EXT-X-MAP:URI="init.mp4"',
  '#EXTINF:2.000000,',
  'seg0.m4s',
  '#EXTINF:2.000000,',
  'seg1.m4s',
  '#EXTINF:1.533,',
  'seg2.m4s',
  '#EXT-X-ENDLIST',
].join('\n');
const MASTER = ['#EXTM3U', '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360', '360p/index.m3u8'].join(
  '\r\n',
);

describe('HLS playlist length', () => {
  it('sums a media playlist, finds a master playlist’s first variant, refuses anything else', () => {
    expect(readPlaylist(MEDIA)).toEqual({ seconds: 5.5 });
    expect(readPlaylist(MASTER)).toEqual({ variant: '360p/index.m3u8' });
    expect(readPlaylist('<html>not found</html>')).toBeNull();
    expect(readPlaylist('#EXTM3U\n#EXT-X-ENDLIST')).toBeNull();
  });

  it('follows a master playlist to its variant, relative to the playlist’s address', async () => {
    const asked: string[] = [];
    const seconds = await readHlsDuration('https://cdn.example.com/live/master.m3u8', async (url) => {
      asked.push(url);
      return url.endsWith('master.m3u8') ? MASTER : MEDIA;
    });
    expect(seconds).toBe(5.5);
    expect(asked).toEqual([
      'https://cdn.example.com/live/master.m3u8',
      'https://cdn.example.com/live/360p/index.m3u8',
    ]);
  });

  it('answers 0 when the address cannot be read or is no playlist', async () => {
    expect(
      await readHlsDuration('https://cdn.example.com/a.m3u8', async () => {
        throw new Error('HTTP 404');
      }),
    ).toBe(0);
    expect(await readHlsDuration('https://cdn.example.com/a.m3u8', async () => 'nope')).toBe(0);
    // a master playlist pointing at itself stops after three reads
    expect(await readHlsDuration('https://cdn.example.com/m.m3u8', async () => MASTER)).toBe(0);
  });
});
