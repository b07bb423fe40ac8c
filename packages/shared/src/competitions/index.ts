export * from './competitions';
