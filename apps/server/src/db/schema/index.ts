export * from './organizations.js';
export * from './accounts.js';
