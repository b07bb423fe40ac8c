import { describe, expect, it } from 'vitest';
import { isIdpTarget, safeRedirect, withTicket } from './idp.policy';

const req = { host: 'localhost:3000', protocol: 'http' };

describe('safeRedirect', () => {
  it('accepts paths and same-origin URLs', () => {
    expect(safeRedirect('/authorize?redirect=%2Fhome', req, '/f')).toBe('/authorize?redirect=%2Fhome');
    expect(safeRedirect('http://localhost:3000/authorize', req, '/f')).toBe(
      'http://localhost:3000/authorize',
    );
    expect(safeRedirect('http://LOCALHOST:3000/a', req, '/f')).toBe('http://localhost:3000/a');
  });

  it('refuses other origins, protocol-relative and script URLs, control characters', () => {
    for (const bad of [
      'https://evil.example/',
      'http://localhost:3001/',
      'http://localhost.evil.example:3000/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
      '/a\nb',
      '',
      undefined,
      'relative/path',
    ]) {
      expect(safeRedirect(bad, req, '/fallback')).toBe('/fallback');
    }
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
