export * from './delivery';
export * from './jobs';
