import { describe, expect, it } from 'vitest';
import { isIdpTarget, safeRedirect, sitePath, withTicket } from './idp.policy';

/** The platform's origins as configuration names them (the request's Host plays no part). */
const platform = (url: URL) => url.origin === 'http://localhost:3000';

describe('safeRedirect', () => {
  it('accepts paths and URLs of the platform origins', async () => {
    expect(await safeRedirect('/authorize?redirect=%2Fhome', platform, '/f')).toBe(
      '/authorize?redirect=%2Fhome',
    );
    expect(await safeRedirect('http://localhost:3000/authorize', platform, '/f')).toBe(
      'http://localhost:3000/authorize',
    );
    expect(await safeRedirect('http://LOCALHOST:3000/a', platform, '/f')).toBe('http://localhost:3000/a');
  });

  it('refuses other origins, protocol-relative and script URLs, control characters', async () => {
    for (const bad of [
      'https://evil.example/',
      'http://evil.example/steal',
      'http://localhost:3001/',
      'http://localhost.evil.example:3000/',
      '//evil.example',
      '/\\evil.example',
      '/.//evil.example',
      '/./\\evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
      '/a\nb',
      '',
      undefined,
      'relative/path',
    ]) {
      expect(await safeRedirect(bad, platform, '/fallback'), String(bad)).toBe('/fallback');
    }
  });

  it('percent-encodes non-ASCII characters, so the answer can be a Location header', async () => {
    expect(await safeRedirect('/课程', platform, '/f')).toBe('/%E8%AF%BE%E7%A8%8B');
    expect(await safeRedirect('/idp/profile?from=课程#第一章', platform, '/f')).toBe(
      '/idp/profile?from=%E8%AF%BE%E7%A8%8B#%E7%AC%AC%E4%B8%80%E7%AB%A0',
    );
    expect(await safeRedirect('http://localhost:3000/课程?a=b c', platform, '/f')).toBe(
      'http://localhost:3000/%E8%AF%BE%E7%A8%8B?a=b%20c',
    );
    // Already-encoded text stays as it is.
    expect(await safeRedirect('/%E8%AF%BE%E7%A8%8B', platform, '/f')).toBe('/%E8%AF%BE%E7%A8%8B');
    for (const target of ['/课程', '/idp/profile?from=课程', 'http://localhost:3000/课程']) {
      expect(await safeRedirect(target, platform, '/f')).toMatch(/^[\x21-\x7e]+$/);
    }
  });

  it('sitePath keeps paths on this site only', () => {
    expect(sitePath('/a/../b')).toBe('/b');
    expect(sitePath('//evil')).toBeNull();
    expect(sitePath('/.//evil')).toBeNull();
    expect(sitePath('http://evil/')).toBeNull();
  });
});

describe('withTicket and isIdpTarget', () => {
  it('appends the ticket, keeping relative targets relative', () => {
    expect(withTicket('/authorize?redirect=%2Fhome', 'T')).toBe('/authorize?redirect=%2Fhome&ticket=T');
    expect(withTicket('http://localhost:3000/authorize', 'T')).toBe(
      'http://localhost:3000/authorize?ticket=T',
    );
    expect(withTicket('/authorize?ticket=old', 'T')).toBe('/authorize?ticket=T');
  });

  it('recognises the provider pages', () => {
    expect(isIdpTarget('/idp/profile')).toBe(true);
    expect(isIdpTarget('http://localhost:3000/idp/login')).toBe(true);
    expect(isIdpTarget('/idpx')).toBe(false);
    expect(isIdpTarget('/authorize')).toBe(false);
  });
});
