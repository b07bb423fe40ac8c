export * from './applications';
export * from './employer';
export * from './jobs';
