import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../config/config';
import type { FileStore } from './storage';

/** Size of each part of a multipart upload (S3 wants at least 5 MB for every part but the last). */
export const S3_PART_BYTES = 8 * 1024 * 1024;

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

/** `inline; filename*=UTF-8''…` of a download name (the presigned address answers with it). */
const inlineDisposition = (name: string) => {
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return `inline; filename*=UTF-8''${encoded}`;
};

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404);

/**
 * Reads `body` in parts of `partBytes`: each full part is handed to `onPart` as it fills (so at most one
 * part is held in memory); answers what is left at the end (smaller than a part, possibly empty).
 */
const readParts = async (
  body: Readable,
  partBytes: number,
  onPart: (part: Buffer) => Promise<void>,
): Promise<Buffer> => {
  let chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    let piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    while (length + piece.length >= partBytes) {
      const take = partBytes - length;
      chunks.push(piece.subarray(0, take));
      await onPart(Buffer.concat(chunks));
      chunks = [];
      length = 0;
      piece = piece.subarray(take);
    }
    if (piece.length) {
      chunks.push(piece);
      length += piece.length;
    }
  }
  return Buffer.concat(chunks);
};

/**
 * Objects in an S3-compatible store (AWS S3, MinIO, Huawei OBS, Alibaba OSS...): one PutObject for a body
 * under a part, else a multipart upload in 8 MB parts, aborted when anything fails (a half-written object is
 * never visible). Reads take a Range; the browser gets presigned GET addresses (which honour Range too).
 */
export const createS3Store = (config: S3Config, partBytes: number = S3_PART_BYTES): FileStore => {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // checksums only where S3 requires them: self-hosted stores do not all know the newer checksum headers
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  const putWhole = async (key: string, body: Buffer, contentType: string) => {
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
      }),
    );
    return { size: body.length };
  };

  return {
    kind: 's3',
    put: async (key, body, contentType) => {
      if (Buffer.isBuffer(body) && body.length <= partBytes) return putWhole(key, body, contentType);
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      let uploadId: string | undefined;
      const parts: { ETag: string | undefined; PartNumber: number }[] = [];
      let size = 0;
      const sendPart = async (part: Buffer) => {
        if (!uploadId) {
          const created = await client.send(
            new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
          );
          uploadId = created.UploadId;
          if (!uploadId) throw new Error('S3 gave no multipart upload id');
        }
        const PartNumber = parts.length + 1;
        const sent = await client.send(
          new UploadPartCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
            PartNumber,
            Body: part,
            ContentLength: part.length,
          }),
        );
        parts.push({ ETag: sent.ETag, PartNumber });
        size += part.length;
      };
      try {
        const rest = await readParts(source, partBytes, sendPart);
        // it fitted in one part: one PutObject
        if (!uploadId) return await putWhole(key, rest, contentType);
        if (rest.length) await sendPart(rest);
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts },
          }),
        );
        return { size };
      } catch (error) {
        if (uploadId) {
          await client
            .send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }))
            .catch(() => {});
        }
        throw error;
      }
    },
    get: async (key, range) => {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        const total = /\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1];
        return {
          body: answer.Body as Readable,
          size: total ? Number(total) : Number(answer.ContentLength ?? 0),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    delete: async (key) => {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
    directUrl: (key, opts) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentType: opts.contentType,
          ResponseContentDisposition: opts.downloadName ? inlineDisposition(opts.downloadName) : undefined,
        }),
        { expiresIn: opts.ttlSeconds },
      ),
    uploadUrl: async (key, opts) => ({
      // the content type (and the length, when known) are signed: a PUT with others is refused by the store
      url: await getSignedUrl(
        client,
        new PutObjectCommand({
          Bucket,
          Key: key,
          ContentType: opts.contentType,
          ContentLength: opts.contentLength,
        }),
        {
          expiresIn: opts.ttlSeconds,
          signableHeaders: new Set(
            opts.contentLength === undefined ? ['content-type'] : ['content-type', 'content-length'],
          ),
        },
      ),
      headers: { 'Content-Type': opts.contentType },
    }),
  };
};
