export * from './reservations';
export * from './rules';
