// The OpenAPI document the gateway serves (/api/openapi.json), read as a client would, and each operation's
// declared guard: the security suites derive what they send and what they expect from it, not from a copy.
import { stack } from './api.ts';

/** A JSON Schema node of the document (OpenAPI 3.1), after `$ref`s are followed with `resolveSchema`. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  description?: string;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface DocumentOperation {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, DocumentOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

/**
 * Who an operation lets in, as the document declares it: `public` has no security requirement; `admin`'s bearer
 * requirement names the `admin` role (OpenAPI 3.1 role names); `user` is any signed-in account; `own` is a `user` operation on one resource
 * named by `{id}`, which only its owner may reach.
 */
export type Guard = 'public' | 'user' | 'own' | 'admin';

export interface Operation {
  method: string;
  /** The path template, e.g. `/api/deposits/{id}/proof`: the key of the suites' fixtures. */
  path: string;
  key: string;
  guard: Guard;
  pathParams: string[];
  query: { name: string; required: boolean; schema: JsonSchema }[];
  /** The JSON body's schema, `$ref` resolved; undefined when the operation takes no body. */
  body?: JsonSchema;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export async function servedDocument(): Promise<OpenApiDocument> {
  const response = await fetch(`${stack().gatewayUrl}/api/openapi.json`);
  if (response.status !== 200) throw new Error(`GET /api/openapi.json answered ${response.status}`);
  return (await response.json()) as OpenApiDocument;
}

/** Follows `$ref`s at the top of `schema` (the document only refers to `#/components/schemas/<name>`). */
export function resolveSchema(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let node = schema;
  while (node.$ref) {
    const name = node.$ref.replace('#/components/schemas/', '');
    const target = document.components.schemas[name];
    if (!target) throw new Error(`the document refers to ${node.$ref}, which it does not define`);
    node = target;
  }
  return node;
}

const requiresAdmin = (op: DocumentOperation): boolean =>
  (op.security ?? []).some((requirement) =>
    Object.values(requirement).some((roles) => roles.includes('admin')),
  );

/** Why an operation's guard cannot be read from the document, or null when it can. */
function unclassifiable(path: string, op: DocumentOperation, pathParams: string[]): string | null {
  const isPublic = (op.security ?? []).length === 0;
  if (path.startsWith('/api/admin/') && !requiresAdmin(op))
    return 'an /api/admin path whose security requirement does not name the admin role';
  if (!isPublic && pathParams.some((name) => name !== 'id'))
    return `a signed-in operation with path parameters other than {id}: ${pathParams.join(', ')}`;
  return null;
}

export interface ClassifiedOperations {
  operations: Operation[];
  /** Operations whose guard the document does not let the suites derive, each with the reason. */
  unclassified: string[];
}

export function classifyOperations(document: OpenApiDocument): ClassifiedOperations {
  const operations: Operation[] = [];
  const unclassified: string[] = [];
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
      const key = `${method.toUpperCase()} ${path}`;
      const reason = unclassifiable(path, op, pathParams);
      if (reason) {
        unclassified.push(`${key}: ${reason}`);
        continue;
      }
      const isPublic = (op.security ?? []).length === 0;
      const guard: Guard = isPublic
        ? 'public'
        : requiresAdmin(op)
          ? 'admin'
          : pathParams.includes('id')
            ? 'own'
            : 'user';
      const jsonBody = op.requestBody?.content['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        key,
        guard,
        pathParams,
        query: (op.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema ?? {} })),
        body: jsonBody ? resolveSchema(document, jsonBody) : undefined,
      });
    }
  return { operations, unclassified };
}

/** The operations of the served document, classified. */
export async function servedOperations(): Promise<ClassifiedOperations & { document: OpenApiDocument }> {
  const document = await servedDocument();
  return { document, ...classifyOperations(document) };
}

/** A path template with its parameters filled in (values are URL-encoded). */
export const fillPath = (template: string, values: Record<string, string>): string =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return encodeURIComponent(value);
  });
