// Generated from openapi.yaml by `npm run generate`. Do not edit.

export * from './constants';
export type * from './openapi';
export * from './server';
