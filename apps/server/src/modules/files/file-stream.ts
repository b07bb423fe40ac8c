import { type Readable, Transform } from 'node:stream';

/**
 * Reads the first `n` bytes of `stream` (fewer when it ends first) without losing them for later readers:
 * what was read is handed back, and `limitBytes` sends it on first.
 */
export const readHead = (stream: Readable, n: number): Promise<Buffer> =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const cleanup = () => {
      stream.off('readable', onReadable);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    const onReadable = () => {
      let chunk: Buffer | null = stream.read() as Buffer | null;
      while (chunk !== null) {
        chunks.push(chunk);
        length += chunk.length;
        if (length >= n) {
          cleanup();
          resolve(Buffer.concat(chunks));
          return;
        }
        chunk = stream.read() as Buffer | null;
      }
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    stream.on('readable', onReadable);
    stream.once('end', onEnd);
    stream.once('error', onError);
  });

/**
 * `head` and then the rest of `stream`, failing with `tooLarge()` as soon as more than `maxBytes` pass (the
 * store then throws the part away). `count()` is the number of bytes that went through.
 */
export const limitBytes = (
  stream: Readable,
  head: Buffer,
  maxBytes: number,
  tooLarge: () => Error,
): { body: Readable; count: () => number } => {
  let count = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      count += chunk.length;
      if (count > maxBytes) done(tooLarge());
      else done(null, chunk);
    },
  });
  stream.on('error', (error) => counter.destroy(error));
  // the store reading `body` gets the error; this keeps a late second emission from being "unhandled"
  counter.on('error', () => {});
  counter.write(head);
  if (stream.readableEnded) counter.end();
  else stream.pipe(counter);
  return { body: counter, count: () => count };
};
