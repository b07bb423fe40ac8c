import type { StorageConfig } from '../config/config';
import { createLocalStore } from './local-store';
import { createS3Store } from './s3-store';
import type { FileStore } from './storage';

export type { ByteRange, FileStore, StoredObject } from './storage';

/** The store the configuration names: local disk, or an S3-compatible store when S3_BUCKET is set. */
export const createFileStore = (config: StorageConfig): FileStore => {
  if (config.kind === 'local') return createLocalStore(config.dir);
  return createS3Store(config);
};
