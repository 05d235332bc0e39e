import './zod-locale.js';

export * from './attachments.js';
export * from './codes.js';
export * from './duration.js';
export * from './envelope.js';
export * from './limits.js';
export * from './permissions.js';
export * from './spec-texts.js';
export * from './validation.js';
