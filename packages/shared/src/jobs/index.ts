export * from './feedback';
export * from './jobs';
