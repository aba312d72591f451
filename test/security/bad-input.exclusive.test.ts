// Property-based bad input: every mutating operation of the served OpenAPI document gets calls generated from
// its schema by fast-check (fixed seed, bounded runs), each a valid call (operations.ts) with one defect:
// a wrong type, a missing required field, a string with U+0000 or a lone surrogate, too long or too short,
// an impossible date, a negative, exponent or over-precise amount, an unknown field, a bad id or upload token,
// malformed JSON, a body that is not an object, a wrong content type. Then, on every operation that reads a body,
// the same oversized shapes (oversized-json.ts): arrays nested 65 and 40,000 deep and objects 65 and 16,000 deep
// (a 400 saying so, decision 0085), numbers past any double in money and other number fields, a key of 78 KB and
// one of 100 KB (just under the limit), thousands of keys, and past the 100 KB limit objects 40,000 deep (200 KB)
// and 50,000 keys (a 413 saying so). Every one must be refused with a JSON 4xx in the API's error shape, never a
// 5xx, each within SLOWEST_ANSWER_MS (a connection left mid-body used to stall the next call for 66 s), and the
// stored state (every table of every service, the ledger check) must be exactly what it was. Exclusive: the
// snapshot needs a platform nobody else is writing to.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { BODY_TOO_DEEP, BODY_TOO_LARGE, MAX_JSON_DEPTH } from '@cropvest/service-kit/http';
import { eventually, parseBody } from '../support/api.ts';
import { closeConnections, serviceDb } from '../support/connections.ts';
import { fillPath, servedOperations, type JsonSchema, type Operation } from '../support/openapi.ts';
import { PNG } from '../support/uploads.ts';
import { rowCount, snapshotState, stateChanges, type StateSnapshot } from '../support/state.ts';

/** The chain's verdicts that change by themselves (decision 0080): the claim or payout is still looked at. */
const CHAIN_IN_FLIGHT = ['checking', 'confirming', 'not_found_yet'];
import {
  buildContext,
  needsCall,
  sendRaw,
  VALID_CALLS,
  type Context,
  type OperationCall,
  type RawRequest,
} from './operations.ts';
import {
  HUGE_AMOUNTS,
  HUGE_NUMBERS,
  keysThatFit,
  LONG_KEY,
  LONG_KEY_NEAR_LIMIT,
  manyKeys,
  MANY_KEYS_PAST_LIMIT,
  nestedArrays,
  nestedObjects,
  DEEP_OBJECTS,
  OBJECTS_PAST_LIMIT,
  spliced,
} from './oversized-json.ts';

const SEED = 20261122;
/** Far below the 66 s a stalled connection waited, far above a loaded machine's slowest refusal. */
const SLOWEST_ANSWER_MS = 10_000;
const RUNS_PER_OPERATION = 40;
const MUTATING = ['POST', 'PUT', 'PATCH', 'DELETE'];

interface BadCase {
  defect: string;
  request: RawRequest;
  /** The refusal's message when it must be that one (the services' own, not an earlier one). */
  message?: string;
}

// ---- defects of one value, by what its schema says -------------------------------------------------------

const typesOf = (schema: JsonSchema): string[] => {
  if (schema.anyOf ?? schema.oneOf) return (schema.anyOf ?? schema.oneOf ?? []).flatMap(typesOf);
  if (schema.enum) return [...new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)))];
  return schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
};

/** A value of each JSON type, for a field that does not allow that type. */
const VALUE_OF_TYPE: Record<string, unknown> = {
  string: 'text',
  number: 12.5,
  integer: 7,
  boolean: true,
  array: [],
  object: { nested: true },
  null: null,
};

const IMPOSSIBLE_DATES = [
  '2031-02-30',
  '2031-02-30T00:00:00.000Z',
  '2030-02-29',
  '2031-04-31T12:00:00Z',
  '2031-13-01',
  '2031-00-10',
  '2031-06-00',
  '2031-06-15T25:00:00Z',
  '31/12/2031',
  'next tuesday',
];

/** Money is a decimal string with at most N decimals (the schema's description says N). */
const isMoney = (schema: JsonSchema): boolean => /decimal string/i.test(schema.description ?? '');
const badAmounts = (schema: JsonSchema): unknown[] => {
  const decimals = Number(/at most (\d+) decimals/.exec(schema.description ?? '')?.[1] ?? 8);
  return [
    '-1',
    '-0.01',
    '1e3',
    '1E-2',
    '0x1F',
    'NaN',
    'Infinity',
    '1,5',
    '',
    '   ',
    '١٢',
    '12 000',
    `1.${'1'.repeat(decimals + 1)}`,
    Number(`0.${'1'.repeat(decimals + 1)}`),
    -5,
    '9'.repeat(40),
  ];
};

/** Bad values for a field with this schema: each violates it (or a rule every text field has: no NUL, no lone surrogate). */
function badValues(schema: JsonSchema): fc.Arbitrary<{ defect: string; value: unknown }> {
  const types = typesOf(schema);
  const options: fc.Arbitrary<{ defect: string; value: unknown }>[] = [];
  const wrong = Object.keys(VALUE_OF_TYPE).filter(
    (type) => types.length > 0 && !types.includes(type) && !(type === 'integer' && types.includes('number')),
  );
  if (wrong.length)
    options.push(
      fc
        .constantFrom(...wrong)
        .map((type) => ({ defect: `wrong type (${type})`, value: VALUE_OF_TYPE[type] })),
    );
  if (types.includes('string')) {
    const text = fc.string({ minLength: 1, maxLength: 20 });
    options.push(
      fc.tuple(text, text).map(([a, b]) => ({ defect: 'NUL character', value: `${a}\u0000${b}` })),
      fc
        .tuple(text, fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF'))
        .map(([a, surrogate]) => ({ defect: 'lone surrogate', value: `${a}${surrogate}` })),
    );
    if (schema.maxLength !== undefined) {
      const max = schema.maxLength;
      options.push(
        fc
          .integer({ min: max + 1, max: max + 50 })
          .map((length) => ({ defect: 'too long', value: 'x'.repeat(length) })),
      );
    }
    if (schema.minLength !== undefined && schema.minLength > 0)
      options.push(fc.constant({ defect: 'too short', value: 'x'.repeat(schema.minLength - 1) }));
    if (schema.enum)
      options.push(
        fc
          .string({ maxLength: 12 })
          .filter((value) => !schema.enum?.includes(value))
          .map((value) => ({ defect: 'not one of the values', value })),
      );
    if (schema.format === 'uuid')
      options.push(
        fc.constantFrom('not-an-id', `${randomUUID()}0`, '1', "' OR 1=1 --").map((value) => ({
          defect: 'not an id',
          value,
        })),
      );
    if (schema.format === 'date-time' || schema.format === 'date')
      options.push(
        fc.constantFrom(...IMPOSSIBLE_DATES).map((value) => ({ defect: 'impossible date', value })),
      );
    if (isMoney(schema))
      options.push(fc.constantFrom(...badAmounts(schema)).map((value) => ({ defect: 'bad amount', value })));
  }
  if (types.includes('integer') || types.includes('number')) {
    const numbers: unknown[] = [1e20];
    if (types.includes('integer') && !types.includes('number')) numbers.push(1.5);
    if (schema.minimum !== undefined) numbers.push(schema.minimum - 1);
    if (schema.maximum !== undefined) numbers.push(schema.maximum + 1);
    options.push(fc.constantFrom(...numbers).map((value) => ({ defect: 'number out of range', value })));
  }
  if (types.includes('array')) {
    if (schema.minItems) options.push(fc.constant({ defect: 'too few items', value: [] }));
    if (schema.maxItems !== undefined)
      options.push(
        fc.constant({
          defect: 'too many items',
          value: Array.from({ length: schema.maxItems + 1 }, () => randomUUID()),
        }),
      );
    if (schema.items)
      options.push(
        badValues(schema.items).map(({ defect, value }) => ({ defect: `item: ${defect}`, value: [value] })),
      );
  }
  return options.length
    ? fc.oneof(...options)
    : fc.constant({ defect: 'wrong type (object)', value: { nested: true } });
}

// ---- defects of a body ---------------------------------------------------------------------------------

interface Field {
  path: string[];
  schema: JsonSchema;
}

/** The branch of a oneOf/anyOf that `value` was written for (its enum-valued keys match). */
function branchFor(schema: JsonSchema, value: Record<string, unknown>): JsonSchema {
  const branches = schema.oneOf ?? schema.anyOf;
  if (!branches) return schema;
  return (
    branches.find((branch) =>
      Object.entries(branch.properties ?? {}).every(
        ([key, property]) => !property.enum || property.enum.includes(value[key]),
      ),
    ) ?? schema
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every field of the valid body `value`, with its schema (nested objects included), and every object level. */
function fieldsOf(
  schema: JsonSchema,
  value: unknown,
  path: string[] = [],
): { fields: Field[]; objects: Field[] } {
  if (!isRecord(value)) return { fields: [], objects: [] };
  const resolved = branchFor(schema, value);
  const result = { fields: [] as Field[], objects: [{ path, schema: resolved }] };
  for (const [key, property] of Object.entries(resolved.properties ?? {})) {
    if (typesOf(property).length === 0 && !property.enum) continue; // declared as "anything": nothing to break
    result.fields.push({ path: [...path, key], schema: property });
    const nested = fieldsOf(property, value[key], [...path, key]);
    result.fields.push(...nested.fields);
    result.objects.push(...nested.objects);
  }
  return result;
}

/** A copy of `body` with the value at `path` replaced (or removed, for `undefined`). */
function withValue(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = path[path.length - 1] as string;
  if (value === undefined) delete node[last];
  // defineProperty, so that a key such as `__proto__` becomes a field of the JSON rather than the prototype.
  else Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '{"a":1,}',
  '\u0000',
  '{"a":"\\x"}',
  '01',
];

interface BodyDefect {
  defect: string;
  body: string;
  contentType: string;
}
const FIELD_DEFECT_WEIGHT = 6;

function bodyDefects(op: Operation, call: OperationCall): fc.MaybeWeightedArbitrary<BodyDefect>[] {
  if (!op.body) return [];
  const valid = call.body;
  const json = (defect: string, body: unknown) => ({
    defect,
    body: JSON.stringify(body),
    contentType: 'application/json',
  });
  const { fields, objects } = fieldsOf(op.body, valid);
  const defects: fc.MaybeWeightedArbitrary<BodyDefect>[] = [
    fc
      .constantFrom(...MALFORMED_JSON)
      .map((text) => ({ defect: 'malformed JSON', body: text, contentType: 'application/json' })),
    fc.constantFrom<unknown>([], [valid], 'text', 42, null, true).map((body) => json('not an object', body)),
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'multipart/form-data; boundary=x',
      )
      .map((contentType) => ({
        defect: `content type ${contentType}`,
        body: JSON.stringify(valid),
        contentType,
      })),
  ];
  // Most cases break one field: that is where the schema says most, and where a defect reaches the handler.
  if (fields.length)
    defects.push({
      weight: FIELD_DEFECT_WEIGHT,
      arbitrary: fc
        .constantFrom(...fields)
        .chain((field) =>
          badValues(field.schema).map(({ defect, value }) =>
            json(`${field.path.join('.')}: ${defect}`, withValue(valid, field.path, value)),
          ),
        ),
    });
  const required = objects.flatMap((object) =>
    (object.schema.required ?? []).map((key) => [...object.path, key]),
  );
  if (required.length)
    defects.push(
      fc
        .constantFrom(...required)
        .map((path) => json(`${path.join('.')}: missing`, withValue(valid, path, undefined))),
    );
  const closed = objects.filter((object) => object.schema.additionalProperties === false);
  if (closed.length)
    defects.push(
      fc
        .tuple(
          fc.constantFrom(...closed),
          fc.constantFrom('role', 'isAdmin', 'userId', '__proto__', 'constructor', 'unexpected'),
        )
        .filter(([object, key]) => !(key in (object.schema.properties ?? {})))
        .map(([object, key]) =>
          json(
            `${[...object.path, key].join('.')}: unknown field`,
            withValue(valid, [...object.path, key], { injected: 1 }),
          ),
        ),
    );
  return defects;
}

const BAD_IDS = [
  'not-an-id',
  '1',
  `${randomUUID()}0`,
  "' OR '1'='1",
  '..%2F..%2Fetc',
  'x'.repeat(5000),
  'a\u0000b',
];
const BAD_TOKENS = ['x', 'not.a.token', `${'a'.repeat(40)}.${'b'.repeat(40)}`, 'a'.repeat(3000), '..', '%00'];

/** The generator of bad calls for `op`, around its valid call; null when the document declares no input to break. */
function badCases(
  op: Operation,
  call: OperationCall,
  token: string | undefined,
): fc.Arbitrary<BadCase> | null {
  const path = (params: Record<string, string>) =>
    fillPath(op.path, { ...call.params, ...params }) + (call.query ? `?${call.query}` : '');
  const validBody = call.file
    ? { body: call.file, contentType: 'image/png' }
    : call.body !== undefined
      ? { body: JSON.stringify(call.body), contentType: 'application/json' }
      : {};
  const asCase = ({ defect, body, contentType }: BodyDefect): BadCase => ({
    defect,
    request: { method: op.method, path: path({}), token, body, contentType },
  });
  const options: fc.MaybeWeightedArbitrary<BadCase>[] = bodyDefects(op, call).map((defect) =>
    'weight' in defect
      ? { weight: defect.weight, arbitrary: defect.arbitrary.map(asCase) }
      : defect.map(asCase),
  );
  if (op.pathParams.includes('id'))
    options.push(
      fc.constantFrom(...BAD_IDS).map((id) => ({
        defect: 'bad id',
        request: { method: op.method, path: path({ id }), token, ...validBody },
      })),
    );
  if (op.pathParams.includes('token'))
    options.push(
      fc.constantFrom(...BAD_TOKENS).map((uploadToken) => ({
        defect: 'bad upload token',
        request: { method: op.method, path: path({ token: uploadToken }), token, ...validBody },
      })),
    );
  if (call.file)
    options.push(
      fc
        .constantFrom(
          {
            what: 'text instead of an image',
            body: Buffer.from('hello, not an image'),
            contentType: 'image/png',
          },
          { what: 'an empty file', body: Buffer.alloc(0), contentType: 'image/png' },
          { what: 'a truncated PNG signature', body: PNG.subarray(0, 4), contentType: 'image/png' },
          { what: 'JSON', body: Buffer.from('{"a":1}'), contentType: 'application/json' },
        )
        .map(({ what, body, contentType }) => ({
          defect: `upload: ${what}`,
          request: { method: op.method, path: path({}), token, body, contentType },
        })),
    );
  return options.length ? fc.oneof(...options) : null;
}

// ---- oversized shapes, the same on every operation that reads a body -------------------------------------

/** The methods whose bodies services read (a DELETE's body is never read, so its valid call would run). */
const BODY_METHODS = ['POST', 'PUT', 'PATCH'];

function oversizedCases(op: Operation, call: OperationCall, token: string | undefined): BadCase[] {
  // Uploads stream their bodies to the store unparsed; their refusals of JSON are among the sampled cases.
  if (!BODY_METHODS.includes(op.method) || call.file) return [];
  const path = fillPath(op.path, call.params ?? {}) + (call.query ? `?${call.query}` : '');
  const send = (defect: string, body: string, message?: string): BadCase => ({
    defect,
    request: { method: op.method, path, token, body, contentType: 'application/json' },
    ...(message ? { message } : {}),
  });
  const cases = [MAX_JSON_DEPTH + 1, 40_000].map((depth) =>
    send(`nesting: arrays ${depth} deep`, nestedArrays(depth), BODY_TOO_DEEP),
  );
  for (const depth of [MAX_JSON_DEPTH + 1, DEEP_OBJECTS])
    cases.push(send(`nesting: objects ${depth} deep`, nestedObjects(depth), BODY_TOO_DEEP));
  // Past the 100 KB limit: refused by size (413), and the calls after them are answered as promptly.
  cases.push(
    send(`size: objects ${OBJECTS_PAST_LIMIT} deep`, nestedObjects(OBJECTS_PAST_LIMIT), BODY_TOO_LARGE),
    send(`size: ${MANY_KEYS_PAST_LIMIT} keys`, `{${manyKeys(MANY_KEYS_PAST_LIMIT)}}`, BODY_TOO_LARGE),
  );
  if (!op.body || !isRecord(call.body)) return cases;
  const body = call.body;
  const { fields, objects } = fieldsOf(op.body, body);
  const first = fields[0];
  if (first)
    cases.push(
      send(
        `${first.path.join('.')}: nesting: arrays 40000 deep in a field`,
        spliced(body, first.path, { raw: nestedArrays(40_000) }),
        BODY_TOO_DEEP,
      ),
    );
  for (const field of fields) {
    const name = field.path.join('.');
    const types = typesOf(field.schema);
    if (isMoney(field.schema))
      for (const amount of HUGE_AMOUNTS)
        cases.push(send(`${name}: huge amount`, spliced(body, field.path, { raw: JSON.stringify(amount) })));
    if (isMoney(field.schema) || types.includes('integer') || types.includes('number'))
      for (const number of HUGE_NUMBERS)
        cases.push(send(`${name}: huge number`, spliced(body, field.path, { raw: number })));
  }
  // Keys only where unknown fields are refused: elsewhere they are dropped and the valid call would run.
  const closed = objects.find((object) => object.schema.additionalProperties === false);
  if (closed) {
    const room = Buffer.byteLength(JSON.stringify(body)) + 1;
    const where = closed.path.join('.') || 'body';
    for (const [defect, members] of [
      ['long key', `${JSON.stringify(LONG_KEY)}:1`],
      ['long key near the limit', `${JSON.stringify(LONG_KEY_NEAR_LIMIT)}:1`],
      ['many keys', manyKeys(keysThatFit(room))],
    ] as const)
      cases.push(send(`${where}: ${defect}`, spliced(body, closed.path, { members })));
  }
  return cases;
}

// ---- the run ---------------------------------------------------------------------------------------------

/** What is wrong with a refusal, or null when it is a JSON 4xx in the API's error shape (saying `message`, if given). */
function refusalProblem(
  answer: { status: number; contentType: string; text: string },
  message?: string,
): string | null {
  if (answer.status < 400 || answer.status >= 500) return `answered ${answer.status}`;
  const body = parseBody(answer.text) as Record<string, unknown> | undefined;
  if (!answer.contentType.startsWith('application/json') || typeof body !== 'object' || body === null)
    return `${answer.status} is not JSON (${answer.contentType}): ${answer.text.slice(0, 120)}`;
  if (typeof body.message !== 'string' || typeof body.code !== 'string')
    return `${answer.status} lacks the error shape: ${answer.text.slice(0, 120)}`;
  if (/\bat .+\.(ts|js):\d+/.test(answer.text)) return `${answer.status} carries a stack trace`;
  if (message !== undefined && body.message !== message)
    return `${answer.status} says ${JSON.stringify(body.message)}, not ${JSON.stringify(message)}`;
  return null;
}

let ctx: Context;
beforeAll(async () => {
  ctx = await buildContext('bad-input');
}, 120_000);
afterAll(closeConnections);

describe('bad input on every mutating operation, generated from the served OpenAPI document', () => {
  it('is refused with a JSON 4xx, never a 5xx, and changes nothing stored', async () => {
    const { operations } = await servedOperations();
    const mutating = operations.filter((op) => MUTATING.includes(op.method));
    const missing = mutating.filter((op) => needsCall(op) && !VALID_CALLS[op.key]).map((op) => op.key);
    expect({ 'operations without a valid call in test/security/operations.ts': missing }).toEqual({
      'operations without a valid call in test/security/operations.ts': [],
    });

    // The valid calls are made before the snapshot: some sign in or upload to build theirs.
    const tokenFor = (op: Operation) =>
      op.guard === 'admin'
        ? ctx.admin.accessToken
        : op.guard === 'public'
          ? undefined
          : ctx.owned.owner.accessToken;
    const plans = await Promise.all(
      mutating.map(async (op, index) => {
        const call = await (VALID_CALLS[op.key] ?? (() => ({})))(ctx);
        const generator = badCases(op, call, tokenFor(op));
        const sampled = generator
          ? fc.sample(generator, { seed: SEED + index, numRuns: RUNS_PER_OPERATION })
          : [];
        return { op, cases: [...sampled, ...oversizedCases(op, call, tokenFor(op))] };
      }),
    );

    const settled = async (): Promise<StateSnapshot> => {
      // Transactions the chain service is still looking for change their deposit or payout when its verdict comes
      // (not found after the window, at the latest): wait until none is in flight.
      const chain = serviceDb('chain');
      const inFlight = async () =>
        (await chain('deposit_claims').whereIn('status', CHAIN_IN_FLIGHT).whereNull('closed_at').first()) ??
        (await chain('payout_checks').whereIn('status', CHAIN_IN_FLIGHT).first());
      await eventually(
        async () => !(await inFlight()),
        60_000,
        'the chain service to settle every transaction it looks for',
      );
      let previous = await snapshotState();
      return eventually(
        async () => {
          const next = await snapshotState();
          const same = stateChanges(previous, next).length === 0;
          previous = next;
          return same && next;
        },
        15_000,
        'the stored state to settle',
      );
    };
    const before = await settled();

    const problems: string[] = [];
    const writers: string[] = [];
    const defectKinds = new Map<string, number>();
    let refused = 0;
    let serverErrors = 0;
    let slowest = 0;
    let latest = before;
    for (const { op, cases } of plans) {
      for (const { defect, request, message } of cases) {
        const started = Date.now();
        const answer = await sendRaw(request);
        const took = Date.now() - started;
        slowest = Math.max(slowest, took);
        if (took > SLOWEST_ANSWER_MS) problems.push(`${op.key} [${defect}]: answered after ${took} ms`);
        if (answer.status >= 500) serverErrors += 1;
        if (answer.status >= 400 && answer.status < 500) refused += 1;
        const problem = refusalProblem(answer, message);
        if (problem) problems.push(`${op.key} [${defect}]: ${problem}`);
        const kind = defect.replace(/^[^:]*: /, '').replace(/ \(.*\)$/, '');
        defectKinds.set(kind, (defectKinds.get(kind) ?? 0) + 1);
      }
      // Which operation wrote, as a hint: what its handlers wrote at once (events may land later).
      const now = await snapshotState({ ledger: false });
      const written = stateChanges(latest, now);
      if (written.length) writers.push(`${op.key} wrote ${written.join(', ')}`);
      latest = now;
    }

    // Events the calls might have caused travel asynchronously: wait until the state is back, or report what is not.
    const after = await eventually(
      async () => {
        const now = await snapshotState();
        return stateChanges(before, now).length === 0 && now;
      },
      5_000,
      'the stored state to be as before',
    ).catch(async () => snapshotState());
    const changes = stateChanges(before, after);

    const cases = plans.reduce((sum, plan) => sum + plan.cases.length, 0);
    const figures = [
      `Bad input: ${mutating.length} operations, ${cases} cases, ${refused} 4xx, ${serverErrors} 5xx, ` +
        `${changes.length} state changes (${Object.keys(before.tables).length} tables, ${rowCount(before)} rows, ledger check ${after.ledgerOk ? 'ok' : 'broken'}; seed ${SEED}), slowest answer ${slowest} ms`,
      `  no input declared to break: ${
        plans
          .filter((plan) => !plan.cases.length)
          .map((plan) => plan.op.key)
          .join(', ') || 'none'
      }`,
      `  defects: ${[...defectKinds].map(([kind, count]) => `${kind} ${count}`).join(', ')}`,
      ...problems.map((problem) => `  ${problem}`),
      ...writers.map((writer) => `  ${writer}`),
      ...changes.map((table) => `  changed: ${table}`),
    ];
    // Printed as they are, not through console (CI reads the figures in the log).
    process.stdout.write(`${figures.join('\n')}\n`);
    expect({ problems, changes, ledgerOk: after.ledgerOk }).toEqual({
      problems: [],
      changes: [],
      ledgerOk: true,
    });
    // Four thousand requests one after another: about 40 s on a quiet machine, twice that on a busy one.
  }, 300_000);
});
