import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mapsConfig, SERVICE_BASES } from '@uplus/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { MapsConfig as MapsSettings } from '../../config/config';
import type { App } from '../../http/context';
import { WEB_APP_CSP } from '../../http/security-headers';
import { testConfig, useTestApp } from '../../test/app';
import { geocodeAddress, mapsConfigOf, tileSourceOf } from './maps.service';

/*
 * The map provider (issue 14): the geocoder against a local server speaking Nominatim's JSON (no internet),
 * the public config route and the page policy naming the tile host.
 */

/** A local geocoder: the address (q) picks the answer, so one server plays every case. */
const answerFor = (query: string, res: ServerResponse) => {
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  switch (query) {
    case '北京市海淀区中关村大街1号':
      // Nominatim sends coordinates as strings
      return json(200, [
        { place_id: 1, lat: '39.9834', lon: '116.3162', display_name: '中关村大街1号, 海淀区, 北京市' },
        { place_id: 2, lat: '1', lon: '1', display_name: 'not the first' },
      ]);
    case 'numbers as numbers':
      return json(200, [{ lat: -33.8688, lon: 151.2093 }]);
    case 'nowhere':
      return json(200, []);
    case 'server error':
      return json(500, { error: 'internal' });
    case 'rate limited':
      return json(429, [{ lat: '39.9', lon: '116.3' }]);
    case 'moved':
      res.writeHead(302, { location: '/search?q=nowhere' });
      return res.end();
    case 'not json':
      return json(200, '<html>maintenance</html>');
    case 'an object':
      return json(200, { lat: '39.9', lon: '116.3' });
    case 'letters':
      return json(200, [{ lat: 'north', lon: 'east' }]);
    case 'empty strings':
      return json(200, [{ lat: '', lon: '' }]);
    case 'missing':
      return json(200, [{ display_name: 'somewhere' }]);
    case 'latitude out of range':
      return json(200, [{ lat: '91', lon: '116.3' }]);
    case 'longitude out of range':
      return json(200, [{ lat: '39.9', lon: '-180.5' }]);
    case 'slow':
      return; // never answers: the caller's timeout ends it (the server closes the socket at the end)
    case 'slow body':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[{"lat": "39.9", ');
      return; // the rest never comes
    default:
      return json(404, []);
  }
};

describe('geocodeAddress against a Nominatim-compatible server', () => {
  let server: Server;
  let endpoint = '';
  const seen: IncomingMessage[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req);
      const url = new URL(req.url ?? '/', 'http://localhost');
      answerFor(url.pathname === '/search' ? (url.searchParams.get('q') ?? '') : '', res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const geocode = (address: string, maps: Partial<MapsSettings> = {}, timeoutMs?: number) =>
    geocodeAddress(
      {
        config: { maps: { tileUrl: undefined, attribution: undefined, geocodeUrl: endpoint, ...maps } },
        timeoutMs,
      },
      address,
    );

  it('takes the first result, asking for one result in JSON in Chinese with the application named', async () => {
    const before = seen.length;
    expect(await geocode('  北京市海淀区中关村大街1号 ')).toEqual({ longitude: 116.3162, latitude: 39.9834 });
    const req = seen[before];
    const url = new URL(req?.url ?? '', 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: '北京市海淀区中关村大街1号',
      format: 'jsonv2',
      limit: '1',
    });
    expect(req?.headers['accept-language']).toBe('zh-CN');
    expect(req?.headers['user-agent']).toMatch(/^Uplus\//);
    expect(await geocode('numbers as numbers')).toEqual({ longitude: 151.2093, latitude: -33.8688 });
  });

  it('keeps the query string of the configured endpoint', async () => {
    const before = seen.length;
    expect(await geocode('nowhere', { geocodeUrl: `${endpoint}?countrycodes=cn` })).toBeNull();
    expect(new URL(seen[before]?.url ?? '', 'http://localhost').searchParams.get('countrycodes')).toBe('cn');
  });

  it('is null when nothing is found or the geocoder fails, and never throws', async () => {
    for (const address of ['nowhere', 'server error', 'rate limited', 'moved', 'not json', 'an object'])
      expect(await geocode(address), address).toBeNull();
  });

  it('is null for coordinates that are no numbers or off the globe', async () => {
    for (const address of [
      'letters',
      'empty strings',
      'missing',
      'latitude out of range',
      'longitude out of range',
    ])
      expect(await geocode(address), address).toBeNull();
  });

  it('gives up on a slow geocoder within its timeout (before the headers and during the body)', async () => {
    for (const address of ['slow', 'slow body']) {
      const started = performance.now();
      expect(await geocode(address, {}, 200), address).toBeNull();
      expect(performance.now() - started, address).toBeLessThan(2_000);
    }
  });

  it('asks nobody without a geocoder or an address, and is null for an unreachable one', async () => {
    const before = seen.length;
    expect(await geocode('北京市海淀区中关村大街1号', { geocodeUrl: undefined })).toBeNull();
    expect(await geocode('   ')).toBeNull();
    expect(seen.length).toBe(before);
    // a closed port: connection refused
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(
      await geocode('北京市海淀区中关村大街1号', { geocodeUrl: `http://127.0.0.1:${port}/search` }),
    ).toBeNull();
  });
});

describe('the tile provider for pages', () => {
  it('tells pages nothing but "not configured" without a tile template', () => {
    expect(
      mapsConfigOf({
        config: {
          maps: { tileUrl: undefined, attribution: '© 某地图', geocodeUrl: 'https://geo.example/search' },
        },
      }),
    ).toEqual({ configured: false, tileUrl: '', attribution: '' });
  });

  it('hands out the template and attribution, with subdomains only when the template has {s}', () => {
    const config = (tileUrl: string, attribution?: string) => ({
      config: { maps: { tileUrl, attribution, geocodeUrl: undefined } },
    });
    expect(mapsConfigOf(config('https://tile.openstreetmap.org/{z}/{x}/{y}.png'))).toEqual({
      configured: true,
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '',
    });
    expect(
      mapsConfigOf(config('https://{s}.tile.example.org/{z}/{x}/{y}{r}.png', '© OpenStreetMap contributors')),
    ).toEqual({
      configured: true,
      tileUrl: 'https://{s}.tile.example.org/{z}/{x}/{y}{r}.png',
      attribution: '© OpenStreetMap contributors',
      subdomains: ['a', 'b', 'c'],
    });
  });

  it('names the source covering every tile host for the page policy', () => {
    expect(tileSourceOf(undefined)).toBeNull();
    expect(tileSourceOf('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileSourceOf('http://127.0.0.1:8099/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8099');
    expect(tileSourceOf('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileSourceOf('https://tiles-{s}.maps.example.org:8443/{z}/{x}/{y}.png')).toBe(
      'https://*.maps.example.org:8443',
    );
    // a placeholder in the site's own name: no single source covers it (img-src keeps `*`)
    expect(tileSourceOf('https://{s}.example/{z}/{x}/{y}.png')).toBeNull();
  });
});

/*
 * The route reads only the configuration, no data: one database (PGlite) serves it; the answers cannot
 * differ by database.
 */
describe('GET ourea/maps/config and the page policy', () => {
  const t = useTestApp('pglite');
  const TILES = 'https://{s}.tile.example.org/{z}/{x}/{y}.png';
  let configured: App;
  beforeAll(async () => {
    configured = await buildApp(
      testConfig({ maps: { tileUrl: TILES, attribution: '© OpenStreetMap 贡献者', geocodeUrl: undefined } }),
      { database: t.database },
    );
  });
  afterAll(async () => {
    await configured?.close();
  });
  const url = `${SERVICE_BASES.ourea}/maps/config`;

  it('answers anyone, signed in or not, with the provider or "not configured"', async () => {
    const res = await configured.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 200 });
    expect(mapsConfig.parse(body.data)).toEqual({
      configured: true,
      tileUrl: TILES,
      attribution: '© OpenStreetMap 贡献者',
      subdomains: ['a', 'b', 'c'],
    });
    // a bad token does not matter: nothing here is anyone's
    const withToken = await configured.inject({ method: 'GET', url, headers: { 'x-access-token': 'nope' } });
    expect(withToken.statusCode).toBe(200);

    const none = await t.app.inject({ method: 'GET', url });
    expect(none.json().data).toEqual({ configured: false, tileUrl: '', attribution: '' });
  });

  it('lets pages load tiles from the tile host (img-src), and changes nothing without one', async () => {
    const page = await configured.inject({
      method: 'GET',
      url: '/jobdetails?id=1',
      headers: { accept: 'text/html' },
    });
    const csp = String(page.headers['content-security-policy']);
    const imgSrc = csp.split('; ').find((d) => d.startsWith('img-src '));
    expect(imgSrc?.split(' ')).toContain('https://*.tile.example.org');
    // every other directive as without a provider
    expect(csp.replace(' https://*.tile.example.org', '')).toBe(WEB_APP_CSP);

    const plain = await t.app.inject({
      method: 'GET',
      url: '/jobdetails?id=1',
      headers: { accept: 'text/html' },
    });
    expect(plain.headers['content-security-policy']).toBe(WEB_APP_CSP);
  });
});
