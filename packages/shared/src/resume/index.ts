// issue 13: the online resume (rules of spec 5, completeness); helpers add their contract files here
export * from './completeness';
export * from './lookups';
export * from './preview';
export * from './rules';
export * from './sections';
