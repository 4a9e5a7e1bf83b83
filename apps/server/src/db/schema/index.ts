export * from './organizations.js';
export * from './accounts.js';
export * from './schools.js';
export * from './dictionary-entries.js';
export * from './interns.js';
export * from './imports.js';
export * from './history.js';
export * from './counters.js';
