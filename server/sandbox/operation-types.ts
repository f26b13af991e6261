// The sandbox contract's request and answer types, as the sandbox's services read them.
import type { components, operations } from './generated/openapi';

export type Schemas = components['schemas'];
/** The body of a sandbox operation's request. */
export type BodyOf<K extends keyof operations> = NonNullable<operations[K]['requestBody']>['content']['application/json'];
/** The query of a sandbox operation, without the partner it acts for. */
export type Query<K extends keyof operations> = Omit<NonNullable<operations[K]['parameters']['query']>, 'partner'>;
