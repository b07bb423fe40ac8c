export * from './applications';
export * from './jobs';
