export * from './api/foundation';
export * from './config';
export * from './envelope';
export * from './messages';
export * from './permissions';
export * from './services';
