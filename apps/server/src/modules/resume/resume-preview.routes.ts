import { resumePdfFileName, resumePreview, resumePreviewQuery, SERVICE_BASES } from '@uplus/shared';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import { type PdfFonts, pdfFontsFromEnv } from './resume-preview.pdf';
import * as service from './resume-preview.service';

const tags = ['resume'];
const base = `${SERVICE_BASES.ourea}/resume_onlines`;
const own =
  'The signed-in member’s own resume (made on first use); a resumeId that is not theirs: 404 记录不存在或已删除.';

/**
 * `attachment; filename="resume.pdf"; filename*=UTF-8''…`: the browser saves the PDF under its Chinese name
 * (the plain one is for clients without RFC 6266, where a Chinese name would be all underscores).
 */
const attachment = (name: string) => {
  const ascii = /^[\x20-\x7e]+$/.test(name) ? name.replace(/["\\%]/g, '_') : 'resume.pdf';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
};

/** The online resume's preview and PDF export (issue 13; career spec 7 "Preview resume"). */
export const resumePreviewRoutes = (app: App, ctx: AppContext, options: { fonts?: PdfFonts } = {}) => {
  const fonts = options.fonts ?? pdfFontsFromEnv();

  app.get(
    `${base}/preview`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The whole online resume in one answer (profile, intention, every section), for the preview',
        description: `${own} portrait is a signed, expiring address.`,
        querystring: resumePreviewQuery,
        response: answers(resumePreview),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.previewOf({ ctx, actor, query: request.query }));
    },
  );

  app.get(
    `${base}/pdf`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The online resume as an A4 PDF (Noto Sans CJK embedded), as a download {name}的简历.pdf',
        description: `${own} Without the CJK font files (fonts-noto-cjk, or RESUME_PDF_FONT / RESUME_PDF_BOLD_FONT): 503.`,
        querystring: resumePreviewQuery,
      },
    },
    async (request, reply) => {
      const actor = await ctx.auth.require(request);
      const { name, pdf } = await service.pdfOf({ ctx, actor, query: request.query, fonts });
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(resumePdfFileName(name)))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
};
