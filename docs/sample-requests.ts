// The example requests of the code samples: for one operation, one request per named request example (or one
// without), built once from the contract (the example's body, the parameters' examples) in the terms every
// language's sample needs.
import { deref, type Json, type Operation } from '../spec';

/** One operation's example request, in the terms every language needs. */
export interface SampleRequest {
  method: string;
  /** The path as written in the contract (`/templates/{template_ref}`). */
  path: string;
  pathParams: Record<string, unknown>;
  queryParams: Record<string, unknown>;
  authenticated: boolean;
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'multipart'; fields: Record<string, string>; files: Array<{ name: string; fileName: string; contentType: string }> };
  /** The success answer is bytes (a media download), not JSON. */
  binaryResponse: boolean;
}

/** The file a multipart sample uploads, by operation. */
function sampleFile(operationId: string): { fileName: string; contentType: string } {
  return operationId === 'uploadTemplateMedia'
    ? { fileName: 'shipping-banner.jpg', contentType: 'image/jpeg' }
    : { fileName: 'photo.jpg', contentType: 'image/jpeg' };
}

function exampleOf(doc: Json, parameter: Json): unknown {
  const schema = deref(doc, parameter.schema) as Json | undefined;
  return parameter.example ?? (Array.isArray(schema?.examples) ? schema.examples[0] : undefined);
}

/** The operation's request bodies: one per named JSON example (by name), a multipart form, or none. */
function bodiesOf(doc: Json, op: Operation): Array<{ example?: string; body: SampleRequest['body'] }> {
  const content: Json = op.requestBody?.content ?? {};
  const json: Json | undefined = content['application/json'];
  if (json) {
    const named = Object.entries<unknown>(json.examples ?? {}).map(([name, example]) => ({
      example: name,
      body: { kind: 'json' as const, value: (deref(doc, example) as Json | undefined)?.value },
    }));
    return named.length ? named : [{ body: { kind: 'json', value: json.example ?? {} } }];
  }
  const multipart: Json | undefined = content['multipart/form-data'];
  if (multipart) {
    const schema = deref(doc, multipart.schema) as Json | undefined;
    const fields: Record<string, string> = {};
    const files: Array<{ name: string; fileName: string; contentType: string }> = [];
    for (const [name, raw] of Object.entries<unknown>(schema?.properties ?? {})) {
      const property = deref(doc, raw) as Json;
      if (property.format === 'binary' || typeof property.contentMediaType === 'string') files.push({ name, ...sampleFile(op.operationId) });
      else if (Array.isArray(property.examples) && property.examples.length) fields[name] = String(property.examples[0]);
      else if (Array.isArray(property.enum) && property.enum.length) fields[name] = String(property.enum[0]);
    }
    return [{ body: { kind: 'multipart', fields, files } }];
  }
  return [{ body: { kind: 'none' } }];
}

/**
 * The operation's example requests, one per named request example (`example` is its name) or one without:
 * required parameters and optional ones without a default, from their examples.
 */
export function sampleRequests(doc: Json, op: Operation): Array<{ example?: string; request: SampleRequest }> {
  const pathParams: Record<string, unknown> = {};
  const queryParams: Record<string, unknown> = {};
  for (const parameter of op.parameters) {
    const example = exampleOf(doc, parameter);
    const schema = deref(doc, parameter.schema) as Json | undefined;
    if (example === undefined || (parameter.required !== true && schema?.default !== undefined)) continue;
    if (parameter.in === 'path') pathParams[parameter.name] = example;
    if (parameter.in === 'query') queryParams[parameter.name] = example;
  }
  const binaryResponse = Object.values(op.responses).some((response) => 'application/octet-stream' in response.content);
  return bodiesOf(doc, op).map(({ example, body }) => ({
    ...(example !== undefined ? { example } : {}),
    request: { method: op.method, path: op.path, pathParams, queryParams, authenticated: op.secured, body, binaryResponse },
  }));
}
