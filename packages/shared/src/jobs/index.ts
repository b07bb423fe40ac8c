export * from './employer';
export * from './jobs';
