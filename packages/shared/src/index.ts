export * from './api.js';
export * from './banking.js';
export * from './constants.js';
export * from './errors.js';
export * from './lang.js';
export * from './money.js';
export * from './routes.js';
export * from './schemas.js';
