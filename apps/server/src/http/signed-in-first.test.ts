import { MSG } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';

/*
 * Every endpoint that needs a signed-in user answers 401 before it parses and checks its input, so a caller
 * without a valid token never gets a 400 or 415 (the web client sends a 401 to sign-in). The endpoints
 * come from the OpenAPI document, so a new route is covered the day it is added: it is either listed
 * here as public or must answer 401 first.
 */

/** Endpoints that answer visitors (method and path as the OpenAPI document writes them). */
const PUBLIC = new Set([
  'GET /get_appconfig',
  'GET /api/base/config/college',
  'GET /api/base/schools/{schoolCode}',
  'GET /api/base/colleges/{code}',
  'GET /api/portal/website_configs/{code}',
  'POST /api/base/users/admin_certificate/verify',
  'GET /api/files/{id}/content', // issue 12: the signature is the permission (403 without a good one)
  // issue 13: the browser PUTs an attachment without credentials; the signed, single-use token is the permission
  'PUT /api/files/direct/{token}',
  'GET /api/ourea/internship_certificates/verify/{code}', // issue 12: anyone may check a certificate
  // issue 12: open classes' public pages (personalised when a token comes along)
  ...[
    'GET /open_courses',
    'GET /open_courses/search/info',
    'GET /open_courses/search/all',
    'GET /open_courses/recent_lives',
    'GET /open_courses/series_live/{id}',
    'GET /open_courses/{id}',
    'GET /live/info/{id}',
    'GET /promotions/open_course/slideshow',
    'GET /course_programs',
    'POST /companies/partners',
    'GET /dictionarys',
    'GET /live_rooms/config',
  ].map((op) => op.replace(' /', ' /api/opencourse/')),
  // issue 14: what visitors read of recruitment (personalised when a token comes along) and competitions
  ...[
    'GET /companies/names',
    'GET /companies/{id}',
    'GET /recruitment_occupations',
    'GET /recruitment_occupations/{id}',
    'GET /recruitment_occupations/names',
    'GET /intern_occupations/{id}',
    'GET /intern_programs',
    'GET /intern_programs/{id}',
    'GET /career_talks',
    'GET /career_talks/{id}',
    'GET /job_fairs',
    'GET /job_fairs/{id}',
    'GET /maps/config',
  ].map((op) => op.replace(' /', ' /api/ourea/')),
  'GET /api/live/info/{roomId}',
  'GET /api/competition/competitions',
  'GET /api/competition/competitions/{id}',
  'GET /api/competition/competitions/{id}/area_info',
  'GET /api/portal/qrcodes/{key}.svg', // issue 15: the footer's QR codes
  // issue 15: the portal's public content of the site the host names, content images, the catalogue calls
  'GET /api/portal/contents',
  'GET /api/portal/contents/{id}',
  'GET /api/portal/contents/by-slug/{kind}/{slug}',
  'GET /api/portal/labs/{platform}',
  'GET /api/portal/images/{fileId}',
  'GET /api/course/exclusives/school/{schoolId}/course_resources',
  'GET /api/course/exclusives/school/{schoolId}/traincases',
  'GET /api/course/course_systems',
  'GET /api/course/course_system_items/matrix',
  'GET /api/course/course_system_items/permit/authority', // sign-in optional: visitors get permit false
]);

type Operation = { method: string; path: string };

describe('signed-in endpoints answer 401 before input checks', () => {
  // One database is enough: the order of hooks does not depend on it.
  const t = useTestApp('pglite');

  const operations = (): Operation[] => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    return Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    );
  };

  it('finds the endpoints in the OpenAPI document', () => {
    const ops = operations().map((o) => `${o.method} ${o.path}`);
    expect(ops.length).toBeGreaterThan(30);
    expect(ops).toContain('POST /api/course/libQuestions/batchSave');
    expect(ops).toContain('PATCH /api/qmn/noticeMemberStatus');
    for (const p of PUBLIC) expect(ops, p).toContain(p);
  });

  it('every other endpoint: no token, or a made-up one, with a broken body or bad parameters gets 401', async () => {
    const checked: string[] = [];
    for (const op of operations()) {
      const key = `${op.method} ${op.path}`;
      if (PUBLIC.has(key) || op.path.startsWith('/idp/') || op.path.startsWith('/api/docs')) continue;
      // path parameters that no schema accepts, a query no schema accepts, and a body that is not JSON
      const url = `${op.path.replace(/\{[^}]+\}/g, `${'%00'.repeat(3)}${'9'.repeat(80)}`)}?pageSize=-1&pageNumber=x&evaluationId=x`;
      const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
      for (const headers of [{}, { 'x-access-token': 'A'.repeat(43) }]) {
        const res = await t.app.inject({
          method: op.method as 'GET',
          url,
          headers: { ...headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
          ...(hasBody ? { payload: '{broken' } : {}),
        });
        expect(res.statusCode, key).toBe(401);
        expect(res.json(), key).toEqual({ success: false, code: 401, message: MSG.unauthorized, data: null });
      }
      checked.push(key);
    }
    expect(checked.length).toBeGreaterThan(25);
  });
});
