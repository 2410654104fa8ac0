import type { components, operations, paths } from './schema.js';

/** Types of the API, read from the generated OpenAPI types (schema.d.ts). */
export type Operations = operations;
export type Schemas = components['schemas'];

/** The JSON request body of an operation. */
export type RequestBody<K extends keyof operations> = operations[K] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

type JsonContent<R> = R extends { content: { 'application/json': infer B } } ? B : never;
/** The JSON of a responses map's success answer (200, else 201, else 202). */
type SuccessJson<R> = R extends { 200: infer A }
  ? JsonContent<A>
  : R extends { 201: infer A }
    ? JsonContent<A>
    : R extends { 202: infer A }
      ? JsonContent<A>
      : never;
/** The JSON body of an operation's success answer (200, else 201, else 202). */
export type ResponseBody<K extends keyof operations> = SuccessJson<operations[K]['responses']>;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** The same, for a caller that names routes by path and method (the web app): `PathResponseBody<'/v1/keys', 'get'>`. */
export type PathResponseBody<P extends keyof paths, M extends Method> = paths[P][M] extends {
  responses: infer R;
}
  ? SuccessJson<R>
  : never;

export type QueryOf<K extends keyof operations> = operations[K]['parameters'] extends { query?: infer Q }
  ? NonNullable<Q>
  : never;

export type Problem = components['schemas']['Problem'];
export type Tenant = components['schemas']['Tenant'];
export type ApiKey = components['schemas']['ApiKey'];
export type Issuer = components['schemas']['Issuer'];
export type DocumentSummary = components['schemas']['DocumentSummary'];
export type Notification = components['schemas']['Notification'];
export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];

/** The body of POST /v1/documents: one member per document type, discriminated by documentType. */
export type CreateDocumentBody = RequestBody<'createDocument'>;
export type CreatedDocument = ResponseBody<'createDocument'>['document'];
export type Document = components['schemas']['Document'];
export type DocumentListQuery = QueryOf<'listDocuments'>;
export type DocumentPage = ResponseBody<'listDocuments'>;
