import fc from 'fast-check';

/**
 * Hostile requests for every operation of the OpenAPI document (issue 13, Proof): random and
 * hostile bodies, query strings, path parameters and headers. Shared by test/http/fuzz.test.ts
 * (app.inject, fixed seed) and bench/fuzz.bench.ts (a real server over HTTP, longer runs).
 * No test-runner dependency.
 */

/** The part of a JSON Schema the generators read. */
interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
}

export interface Operation {
  method: string;
  /** OpenAPI template, e.g. /v1/issuers/{id}. */
  path: string;
  body: 'json' | 'multipart' | null;
  /** Property names of the body schema (both kinds). */
  bodyFields: string[];
  bodySchema: Schema;
  queryParams: string[];
  querySchemas: Record<string, Schema>;
  pathParams: string[];
}

interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
}
interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document, with what it reads. */
export function operationsOf(doc: OpenApiDoc): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const content = op.requestBody?.content ?? {};
      const kind = content['multipart/form-data'] ? 'multipart' : content['application/json'] ? 'json' : null;
      const schema = (kind === 'multipart' ? content['multipart/form-data'] : content['application/json'])
        ?.schema;
      out.push({
        method: method.toUpperCase(),
        path,
        body: kind,
        bodyFields: Object.keys(schema?.properties ?? {}),
        bodySchema: schema ?? {},
        queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        querySchemas: Object.fromEntries(
          (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
        ),
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
      });
    }
  }
  return out;
}

/** Strings a careless service chokes on. */
const HOSTILE = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0007\u001b[31m',
  '\u001f',
  '\u007f',
  '\ud800',
  '\udfff',
  '\uffff',
  '\ufeff',
  '\u202eevil',
  '😀'.repeat(40),
  'Ñandú ü ß ñ',
  "' OR 1=1 --",
  '"; drop table tenants; --',
  '<x>&amp;</x>',
  ']]><!--',
  '../../../etc/passwd',
  '%00',
  '%',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, meant literally
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  'http://169.254.169.254/latest/meta-data',
  'https://localhost:1/x',
  'null',
  'true',
  '-1',
  '1e309',
  '9'.repeat(400),
  '0.0000001',
  '01/01/0001',
  '31/02/2024',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(5000),
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

const deepJson = (levels: number, open = '[', close = ']') => `${open.repeat(levels)}${close.repeat(levels)}`;

/** Any JSON value, wrong types included, now and then nested or large. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }) },
);

/** A path inside a JSON value, to replace one member of a known-good body. */
function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy: unknown = structuredClone(value);
  if (copy === null || typeof copy !== 'object') return copy;
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object') return copy;
    node = next as Record<string | number, unknown>;
  }
  node[path.at(-1)!] = replacement;
  return copy;
}

/** Every path to a member of a JSON value (breadth first). */
function pathsOf(value: unknown): (string | number)[][] {
  const out: (string | number)[][] = [];
  const queue: [unknown, (string | number)[]][] = [[value, []]];
  for (let head = 0; head < queue.length; head++) {
    const [v, path] = queue[head]!;
    if (path.length > 0) out.push(path);
    if (Array.isArray(v)) for (let i = 0; i < v.length; i++) queue.push([v[i], [...path, i]]);
    else if (v && typeof v === 'object')
      for (const [k, c] of Object.entries(v)) queue.push([c, [...path, k]]);
  }
  return out;
}

/** Known patterns of the API's schemas and a value that matches each. */
const PATTERN_VALUES: [RegExp, string][] = [
  [/\[0-9\]\{3\}/, '001'],
  [/\[0-9\]\{10\}001/, '1790011674001'],
  [/\[0-9\]\{6\}/, '123456'],
  [/\[0-9a-fA-F\]\{64\}/, 'a'.repeat(64)],
  [/\\d\{49\}|\[0-9\]\{49\}/, '1'.repeat(49)],
];

/** A value the schema accepts, or close to it, so a mutation of one member gets past the rest. */
function plausible(schema: Schema | undefined, ctx: FuzzContext, depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const branch = (schema.anyOf ?? schema.oneOf)?.find((b) => b.type !== 'null');
  if (branch) return plausible(branch, ctx, depth + 1);
  const type =
    (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type) ??
    (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return schema.minItems ? [plausible(schema.items, ctx, depth + 1)] : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {}))
        if (schema.required?.includes(k) || depth === 0) out[k] = plausible(v, ctx, depth + 1);
      return out;
    }
    default: {
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'uuid') return ctx.issuerId;
      if (schema.format === 'uri') return 'https://example.com/hook';
      if (schema.format === 'date') return '2026-01-15';
      if (schema.format === 'date-time') return '2026-01-15T10:00:00Z';
      const known = schema.pattern && PATTERN_VALUES.find(([re]) => re.test(schema.pattern!));
      if (known) return known[1];
      return 'fuzz'.padEnd(schema.minLength ?? 4, 'z');
    }
  }
}

export interface FuzzContext {
  apiKey: string;
  issuerId: string;
  /** The account operator routes act on (not the one whose key is used). */
  tenantId: string;
  adminToken: string;
  /** Known-good JSON bodies by "METHOD /path", mutated one member at a time. */
  jsonSeeds: Record<string, unknown>;
  /** Known-good multipart fields by "METHOD /path". */
  formSeeds: Record<string, Record<string, string | Buffer>>;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** "METHOD /template" for reports. */
  operation: string;
}

function jsonBody(op: Operation, ctx: FuzzContext): fc.Arbitrary<string> {
  const seed = ctx.jsonSeeds[`${op.method} ${op.path}`];
  const fields = op.bodyFields.length > 0 ? op.bodyFields : ['x'];
  const objects = fc
    .array(fc.tuple(fc.constantFrom(...fields, '__proto__', 'constructor', 'x\u0000'), anyValue), {
      maxLength: fields.length + 1,
    })
    .map((pairs) => JSON.stringify(Object.fromEntries(pairs)));
  const base = seed ?? plausible(op.bodySchema, ctx);
  const paths = pathsOf(base);
  const options: fc.Arbitrary<string>[] = [
    objects,
    // A plausible (or known-good) body with one or two members replaced.
    fc
      .array(fc.tuple(fc.constantFrom(...(paths.length ? paths : [['x']])), anyValue), {
        minLength: 1,
        maxLength: 2,
      })
      .map((changes) => JSON.stringify(changes.reduce((b, [path, v]) => setAt(b, path, v), base))),
    fc.constant(JSON.stringify(base)),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.constantFrom(
      '',
      '{',
      '{"a":',
      '[1,2',
      'null',
      '"text"',
      '\u0000',
      '{"a":"\\u0000"}',
      '{"a":"\\ud800"}',
      '{"__proto__":{"admin":true}}',
      `{"documentType":"01","x":${deepJson(5000)}}`,
      `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`,
      `{"a":"${'x'.repeat(2_200_000)}"}`,
    ),
  ];
  return fc.oneof(...options);
}

/** A multipart body built by hand, so field names and values may be anything. */
function encodeMultipart(parts: [string, string | Buffer][]): {
  payload: Buffer;
  contentType: string;
} {
  const boundary = `----fuzz${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of parts) {
    const file = Buffer.isBuffer(value) ? `; filename="${name}.bin"` : '';
    const type = Buffer.isBuffer(value) ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file}\r\n${type}\r\n`),
      Buffer.isBuffer(value) ? value : Buffer.from(value, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function multipartBody(
  op: Operation,
  ctx: FuzzContext,
): fc.Arbitrary<{ payload: Buffer; contentType: string }> {
  const seed =
    ctx.formSeeds[`${op.method} ${op.path}`] ??
    Object.fromEntries(
      Object.entries(op.bodySchema.properties ?? {}).map(([k, v]) => [k, String(plausible(v, ctx, 1))]),
    );
  const names = [...new Set([...op.bodyFields, ...Object.keys(seed)])];
  const fieldValue: fc.Arbitrary<string | Buffer> = fc.oneof(
    { weight: 4, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)) },
    { weight: 1, arbitrary: fc.constant(deepJson(2000)) },
    { weight: 1, arbitrary: fc.constant('x'.repeat(70 * 1024)) },
  );
  const name = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...(names.length ? names : ['x'])) },
    { weight: 1, arbitrary: fc.constantFrom('a\u0000b', '', '"', 'x'.repeat(300)) },
  );
  return fc
    .tuple(fc.array(fc.tuple(name, fieldValue), { maxLength: 6 }), fc.boolean())
    .map(([changes, keepSeed]) => {
      const parts: [string, string | Buffer][] = keepSeed ? Object.entries(seed) : [];
      for (const [n, v] of changes) {
        const at = parts.findIndex(([p]) => p === n);
        if (at >= 0) parts[at] = [n, v];
        else parts.push([n, v]);
      }
      return encodeMultipart(parts);
    });
}

/** Every byte of the UTF-8 form percent-encoded except unreserved ones (lone surrogates too, as U+FFFD). */
function percentEncode(s: string): string {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9._~-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * Query names sent to every operation besides its own: unknown ones, and credentials a client
 * might put in a URL (their values must never reach a log: test/http/log-redaction.test.ts).
 */
export const EXTRA_QUERY_NAMES = [
  'x',
  'limit',
  'q',
  'api_key',
  'access_token',
  'apiKey',
  'client_secret',
  'Password',
  'X-Amz-Signature',
  'auth_code',
  'refresh%5Ftoken',
];

/** Every query-string name the fuzzer can send to an operation. */
export function queryNamesOf(op: Operation): string[] {
  return [...op.queryParams, ...EXTRA_QUERY_NAMES];
}

function queryString(op: Operation, ctx: FuzzContext): fc.Arbitrary<string> {
  const names = queryNamesOf(op);
  const encoded = fc.oneof(
    { weight: 4, arbitrary: hostileString.map(percentEncode) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%00', '%', '%ZZ', '%E0%A4%A', '%FF%FE', '-1', '1e999', '99999999999'),
    },
  );
  const plausibleQuery = Object.entries(op.querySchemas).map(
    ([k, v]) => [k, percentEncode(String(plausible(v, ctx)))] as [string, string],
  );
  return fc
    .tuple(fc.array(fc.tuple(fc.constantFrom(...names), encoded), { maxLength: 3 }), fc.boolean())
    .map(([pairs, withPlausible]) => {
      const all = [...(withPlausible ? plausibleQuery : []), ...pairs];
      return all.length ? `?${all.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
    });
}

function pathValue(ctx: FuzzContext): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(ctx.issuerId, ctx.tenantId, '01', '04', '1'.repeat(49)) },
    { weight: 3, arbitrary: hostileString.map((s) => percentEncode(s) || 'x') },
    { weight: 1, arbitrary: fc.constantFrom('%00', '%ZZ', '..%2F..', '%2e%2e') },
  );
}

function headersFor(op: Operation, ctx: FuzzContext): fc.Arbitrary<Record<string, string>> {
  const operator = op.path.startsWith('/admin/');
  const auth = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.constant({ authorization: `Bearer ${operator ? ctx.adminToken : ctx.apiKey}` }),
    },
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: hostileString.map((s) => ({ authorization: `Bearer ${s}` })) },
    { weight: 1, arbitrary: fc.constant({ authorization: `Bearer ${ctx.apiKey}` }) },
  );
  const extras = fc.record(
    {
      'x-issuer-id': fc.oneof(fc.constant(ctx.issuerId), hostileString),
      'idempotency-key': fc.oneof(fc.constantFrom('fuzz-1', 'fuzz-2', 'fuzz-3'), hostileString),
      'x-request-id': hostileString,
      cookie: hostileString.map((s) => `eik_session=${s}`),
      'accept-language': hostileString,
    },
    { requiredKeys: [] },
  );
  return fc
    .tuple(auth, extras, fc.boolean())
    .map(([a, e, issuer]) => ({ ...a, ...e, ...(issuer ? { 'x-issuer-id': ctx.issuerId } : {}) }));
}

/** One hostile request for one operation. */
function requestFor(op: Operation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const path = fc
    .tuple(...op.pathParams.map(() => pathValue(ctx)))
    .map((values) => op.pathParams.reduce((p, name, i) => p.replace(`{${name}}`, values[i]!), op.path));
  const body: fc.Arbitrary<{ payload?: string | Buffer; contentType?: string }> =
    op.body === 'json'
      ? fc.oneof(
          {
            weight: 8,
            arbitrary: jsonBody(op, ctx).map((payload) => ({ payload, contentType: 'application/json' })),
          },
          {
            weight: 1,
            arbitrary: jsonBody(op, ctx).map((payload) => ({
              payload,
              contentType: 'application/json; charset=latin1',
            })),
          },
          { weight: 1, arbitrary: multipartBody(op, ctx) },
        )
      : op.body === 'multipart'
        ? fc.oneof(
            { weight: 8, arbitrary: multipartBody(op, ctx) },
            {
              weight: 1,
              arbitrary: jsonBody(op, ctx).map((payload) => ({ payload, contentType: 'application/json' })),
            },
            { weight: 1, arbitrary: fc.constant({ payload: 'x', contentType: 'multipart/form-data' }) },
          )
        : fc.oneof(
            { weight: 4, arbitrary: fc.constant({}) },
            {
              weight: 1,
              arbitrary: jsonBody(op, ctx).map((payload) => ({ payload, contentType: 'application/json' })),
            },
          );
  return fc.tuple(path, queryString(op, ctx), headersFor(op, ctx), body).map(([p, q, headers, b]) => {
    const req: FuzzRequest = {
      method: op.method,
      url: `${p}${q}`,
      headers: { ...headers, ...(b.contentType ? { 'content-type': b.contentType } : {}) },
      ...(b.payload !== undefined ? { payload: b.payload } : {}),
      operation: `${op.method} ${op.path}`,
    };
    // Counterexamples print short: a body may be megabytes.
    return Object.assign(req, { [fc.toStringMethod]: () => describeRequest(req) });
  });
}

/** A request in one line, its body cut short. */
export function describeRequest(req: FuzzRequest): string {
  const body =
    req.payload === undefined
      ? ''
      : ` body(${req.payload.length}): ${JSON.stringify(String(req.payload).slice(0, 160))}`;
  return `${req.method} ${req.url.slice(0, 300)} headers ${JSON.stringify(req.headers).slice(0, 400)}${body}`;
}

/** One hostile request for any of the operations. */
export function anyRequest(ops: Operation[], ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(...ops.map((op) => requestFor(op, ctx)));
}

/** Why a response breaks the contract (a 5xx, or an error that is not a problem document), or null. */
export function contractBreach(status: number, contentType: string | undefined, body: string): string | null {
  if (status >= 500) return `status ${status}: ${body.slice(0, 300)}`;
  if (status < 400) return null;
  if (!contentType?.startsWith('application/problem+json'))
    return `status ${status} with content-type ${contentType}: ${body.slice(0, 200)}`;
  try {
    const problem = JSON.parse(body) as { status?: number; code?: string };
    if (problem.status !== status || typeof problem.code !== 'string')
      return `problem document without status ${status} and a code: ${body.slice(0, 200)}`;
  } catch {
    return `status ${status} body is not JSON: ${body.slice(0, 200)}`;
  }
  return null;
}
