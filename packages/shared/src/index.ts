export * from './texts.js';
export * from './http.js';
export * from './format/plural.js';
export * from './schemas/common.js';
export * from './schemas/error.js';
export * from './schemas/account.js';
