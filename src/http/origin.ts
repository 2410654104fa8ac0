import type { FastifyRequest } from 'fastify';
import type { RequestOrigin } from '../config/public-url.js';

/** The scheme and host a request came to, for the links of the emails it causes (config/public-url.ts). */
export function originOf(request: FastifyRequest): RequestOrigin {
  return { protocol: request.protocol, host: request.host };
}
