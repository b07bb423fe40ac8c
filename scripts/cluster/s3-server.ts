import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';

/*
 * The cluster's S3-compatible store: s3rver on loopback with its files in a directory, the bucket created
 * at start. Started by the supervisor as its own process (node --import tsx), it prints one line
 * `S3_ENDPOINT=<url>` once it listens and stops on SIGTERM or SIGINT.
 *
 *   node --import tsx scripts/cluster/s3-server.ts <directory> <port> <bucket>
 */
const [directory, port, bucket] = process.argv.slice(2);
if (!directory || !port || !bucket) {
  console.error('usage: s3-server.ts <directory> <port> <bucket>');
  process.exit(2);
}
mkdirSync(directory, { recursive: true });

// Browsers PUT resume attachments straight to the store with presigned addresses (README: Resume), and
// play videos from it: every origin may GET, HEAD and PUT (the cluster is on loopback only).
const cors = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [cors] }],
});
const address = await server.run();
process.stdout.write(`S3_ENDPOINT=http://127.0.0.1:${address.port}\n`);

let closing = false;
const stop = () => {
  if (closing) return;
  closing = true;
  void server.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
