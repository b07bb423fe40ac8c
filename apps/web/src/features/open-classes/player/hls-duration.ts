/*
 * The length of an HLS video, read from its playlist in the browser (the server never fetches organisers'
 * addresses): a media playlist's #EXTINF durations summed; a master playlist leads to its first variant.
 * The page's CSP lets the browser fetch only from MEDIA_ORIGINS, the same origins the player may play.
 */

/** What one playlist says: its length (a media playlist) or where its first variant is (a master one). */
export type PlaylistFacts = { seconds: number } | { variant: string } | null;

/** Reads an m3u8 playlist's text; null when it is not one. */
export const readPlaylist = (text: string): PlaylistFacts => {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  if (lines[0] !== '#EXTM3U') return null;
  let seconds = 0;
  let segments = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.startsWith('#EXT-X-STREAM-INF')) {
      const uri = lines.slice(i + 1).find((next) => next && !next.startsWith('#'));
      if (uri) return { variant: uri };
    }
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) {
      seconds += Number(extinf[1]);
      segments += 1;
    }
  }
  return segments > 0 ? { seconds: Math.round(seconds * 10) / 10 } : null;
};

/** The video's length in seconds at an HLS address; 0 when it cannot be read (unreachable, not a playlist). */
export const readHlsDuration = async (
  url: string,
  fetchText: (url: string) => Promise<string> = async (u) => {
    const res = await fetch(u, { credentials: 'omit' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return res.text();
  },
): Promise<number> => {
  let address = url;
  // a master playlist names a variant; follow at most two levels
  for (let depth = 0; depth < 3; depth++) {
    let facts: PlaylistFacts;
    try {
      facts = readPlaylist(await fetchText(address));
    } catch {
      return 0;
    }
    if (!facts) return 0;
    if ('seconds' in facts) return facts.seconds;
    address = new URL(facts.variant, address).href;
  }
  return 0;
};
