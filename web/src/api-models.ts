/**
 * The API's records as the pages read them, each named from the generated api-types.ts (openapi-
 * typescript over /v1/openapi.json): when a route's response schema changes, `npm run
 * web:api-types` regenerates the file and the type checker points at every page that reads a
 * field that moved. Nothing here is written by hand but the names.
 */
import type { paths } from './api-types';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Success<R> = R extends { 200: infer A }
  ? A
  : R extends { 201: infer A }
    ? A
    : R extends { 202: infer A }
      ? A
      : never;

/** The JSON body of the successful answer of `method path`. */
export type Answer<P extends keyof paths, M extends Method> = paths[P][M] extends { responses: infer R }
  ? JsonOf<Success<R>>
  : never;

type Item<A> = A extends readonly (infer I)[] ? I : never;

// Session and account
export type SessionAnswer = Answer<'/v1/session', 'get'>;
export type Tenant = Answer<'/v1/tenants/me', 'get'>['tenant'];
export type Issuer = Item<Answer<'/v1/issuers', 'get'>['issuers']>;
export type Sequential = Item<Answer<'/v1/issuers/{id}/sequentials', 'get'>['sequentials']>;

// Documents
export type DocumentDetail = Answer<'/v1/documents/{accessKey}', 'get'>['document'];

// Keys, webhooks, notifications
export type ApiKey = Item<Answer<'/v1/keys', 'get'>['keys']>;
export type NotificationPreference = Item<Answer<'/v1/notifications/preferences', 'get'>['preferences']>;

// Agreements and billing
export type Tier = Item<Answer<'/v1/tiers', 'get'>['tiers']>;
export type Subscription = Item<Answer<'/v1/subscriptions/me', 'get'>['subscriptions']>;
export type Payment = Item<Subscription['payments']>;
export type BankTransfer = Answer<'/v1/subscriptions', 'post'>['bankTransfer'];

// Operator console (/admin/v1)
export type ReviewPayment = Item<Answer<'/admin/v1/payments', 'get'>['payments']>;
export type AdminTenant = Item<Answer<'/admin/v1/tenants', 'get'>['tenants']>;

// Exports (CSV streamed; ZIP of XML or RIDE as a background job)
export type DocumentExport = Answer<'/v1/exports/{id}', 'get'>['export'];
