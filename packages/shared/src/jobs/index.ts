export * from './applications';
export * from './delivery';
export * from './employer';
export * from './feedback';
export * from './jobs';
