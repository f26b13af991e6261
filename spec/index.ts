// The one module that reads the contract. openapi.yaml is parsed once; its operations and webhooks are
// indexed once; validators and the response checker work on that same document. The reference server,
// the spec tests, the contract suite, the mock, the fuzzer, the docs build and the breaking-change gate all
// read the contract through here.
import { CONTRACT_PATH, atPointer, deref, readDocument, type Json } from './document';
import { indexOperations, indexWebhooks, type Operation, type Webhook } from './operations';
import { checkResponse, type CheckedContract, type CheckedResponse, type CheckResult } from './response-checker';
import { OPERATIONS } from '../generated/server';
import { schemaValidators, type SchemaValidators } from './validators';

export { CONTRACT_PATH, RESOURCE_ROOT, atPointer, bundleDocument, defaultServerUrl, deref, derefAt, escapePointer, readDocument, type Json } from './document';
export { HTTP_METHODS, indexOperations, indexWebhooks, type DocumentedResponse, type HttpMethod, type Operation, type Webhook } from './operations';
export { allAtPointer, atJsonPointer, evaluate, evaluateExpression, isExpression, linkApplies, parameterPlace, type ExpressionContext, type Link, type WebhookLink } from './links';
export { describeViolation, type CheckedResponse, type CheckResult, type Violation } from './response-checker';
export type { ErrorObject, SchemaValidators, ValidateFunction } from './validators';

export interface Contract extends CheckedContract {
  /** The parsed document (shared: never mutate it; structuredClone it for a consumer that does). */
  document: Json;
  /** Where it was read from. */
  path: string;
  /** In document order. */
  operations: Operation[];
  byId(operationId: string): Operation | undefined;
  /**
   * The operation a concrete method and path (relative to the base URL, no query, not percent-decoded)
   * belong to: the first in the generated table's match order (generated/server.ts `OPERATIONS`).
   */
  find(method: string, path: string): Operation | undefined;
  webhooks: Webhook[];
  webhook(event: string): Webhook | undefined;
  validators: SchemaValidators;
  /** The node (a schema, a response, a header…) at a pointer, its `$ref` chain followed. */
  schemaAt(pointer: string): Json | undefined;
  /** Holds a response against the operation it answers. */
  check(response: CheckedResponse): CheckResult;
}

export function loadContract(path: string = CONTRACT_PATH): Contract {
  const document = readDocument(path);
  const operations = indexOperations(document);
  const webhooks = indexWebhooks(document);
  const byId = new Map(operations.map((o) => [o.operationId, o]));
  const byEvent = new Map(webhooks.map((w) => [w.event, w]));
  // The table's match order, indexed by method (as stripe-mock routes per verb).
  const byMethod = new Map<string, Operation[]>();
  for (const op of inMatchOrder(operations, path)) byMethod.set(op.method, [...(byMethod.get(op.method) ?? []), op]);
  const contract: Contract = {
    document,
    path,
    operations,
    byId: (id) => byId.get(id),
    find: (method, relative) => byMethod.get(method.toLowerCase())?.find((o) => o.pathPattern.test(relative)),
    webhooks,
    webhook: (event) => byEvent.get(event),
    validators: schemaValidators(document),
    schemaAt: (pointer) => deref(document, atPointer(document, pointer)),
    check: (response) => checkResponse(contract, response),
  };
  return contract;
}

/**
 * The document's operations in the order of the generated operation table, which decides it once for every
 * reader; a table that lists other operations than the document is stale.
 */
function inMatchOrder(operations: readonly Operation[], path: string): Operation[] {
  const byId = new Map(operations.map((o) => [o.operationId, o]));
  const ordered = Object.entries(OPERATIONS).map(([id, route]) => {
    const op = byId.get(id);
    return op && op.method === route.method && op.path === route.path ? op : undefined;
  });
  if (ordered.length !== operations.length || ordered.includes(undefined)) {
    throw new Error(`generated/server.ts does not list the operations of ${path}: run npm run generate.`);
  }
  return ordered as Operation[];
}

let shared: Contract | undefined;

/** openapi.yaml, read once per process. */
export function contract(): Contract {
  return (shared ??= loadContract());
}
