export * from './api/foundation';
export * from './config';
export * from './display';
export * from './envelope';
export * from './messages';
export * from './permissions';
export * from './routes';
export * from './services';
