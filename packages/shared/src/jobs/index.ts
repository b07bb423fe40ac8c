export * from './applications';
export * from './employer';
export * from './feedback';
export * from './jobs';
