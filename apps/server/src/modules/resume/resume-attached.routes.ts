import {
  ATTACHED_PATHS,
  attachedIdParams,
  attachedPreview,
  attachedResume,
  attachedResumeList,
  attachedResumesQuery,
  createAttachedBody,
  obsUploadQuery,
  renameAttachedBody,
  uploadTicket,
} from '@uplus/shared';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as service from './resume-attached.service';

const tags = ['resume'];
const base = ATTACHED_PATHS.attached;
const ownOnly = 'Only the member’s own: another’s id or an unknown one is 404 记录不存在或已删除.';

/** Attached resumes (issue 13): upload ticket, keep, list, get, rename, delete, preview. */
export const resumeAttachedRoutes = (app: App, ctx: AppContext) => {
  app.get(
    ATTACHED_PATHS.obsUpload,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'An upload ticket for an attached resume: PUT the file to signedUrl, then POST fileUrl',
        description:
          'signedUrl: an S3 presigned PUT, or /api/files/direct/{token} on local disk; valid 15 minutes, one ' +
          'upload, at most 20 MB (the local route stops at it; S3: checked on POST). Send ' +
          'actualSignedRequestHeaders exactly and no credentials. fileName not .doc/.docx/.pdf: 400 ' +
          '仅支持doc/docx/pdf格式的附件！; 3 kept already: 400 最多上传3份附件简历; resourceId not one’s own: 403.',
        querystring: obsUploadQuery,
        response: answers(uploadTicket),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.issueTicket({ ctx, actor, query: request.query }));
    },
  );

  app.get(
    base,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The signed-in member’s attached resumes (at most 3), newest first',
        description: 'path is a signed, expiring address of the file.',
        querystring: attachedResumesQuery,
        response: answers(attachedResumeList),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.list({ ctx, actor }));
    },
  );

  app.get(
    `${base}/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'One attached resume',
        description: ownOnly,
        params: attachedIdParams,
        response: answers(attachedResume),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.get({ ctx, actor, id: Number(request.params.id) }));
    },
  );

  app.get(
    `${base}/:id/preview`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'How to show an attached resume: a PDF address, or only the download with a note',
        description: `${ownOnly} doc/docx are converted with LibreOffice when installed (once; kept).`,
        params: attachedIdParams,
        response: answers(attachedPreview),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.preview({ ctx, actor, id: Number(request.params.id) }));
    },
  );

  app.post(
    base,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Keep an uploaded file as an attached resume',
        description:
          'path: the fileUrl of a ticket issued to this member, not used yet (else 400 上传凭证无效或已过期，请重新上传). ' +
          'The file is checked: type from its bytes (400 仅支持doc/docx/pdf格式的附件！), size (400 上传的文件不能大于20M!), ' +
          'at most 3 (400 最多上传3份附件简历); a refused file is removed. name: 请输入附件名称, at most 50.',
        body: createAttachedBody,
        response: answers(attachedResume),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.create({ ctx, actor, body: request.body }));
    },
  );

  app.put(
    `${base}/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Rename an attached resume',
        description: `${ownOnly} name: 请输入附件名称, at most 50 characters.`,
        params: attachedIdParams,
        body: renameAttachedBody,
        response: answers(attachedResume),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.rename({ ctx, actor, id: Number(request.params.id), name: request.body.name }));
    },
  );

  app.delete(
    `${base}/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Delete an attached resume and its file',
        description: ownOnly,
        params: attachedIdParams,
        response: answers(z.null()),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.remove({ ctx, actor, id: Number(request.params.id) }));
    },
  );
};
