export * from './code-execution';
export * from './messages';
export * from './organisations';
export * from './question-bank';
export * from './sessions';
export * from './site';
export * from './system';
export * from './users';
