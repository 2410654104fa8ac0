import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../shared/errors.js';
import { sendProblem } from './problem.js';
import type { App } from './types.js';

const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Paths that belong to the API and its documentation: never answered with the web app. */
const API_PREFIXES = ['/v1/', '/admin/v1/', '/docs', '/healthz', '/readyz'];

/**
 * Content-Security-Policy of the app's pages: only our own origin (no CDN), blob: for proofs
 * and RIDEs previewed in the browser, inline styles for React's `style` props.
 */
const CSP = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function isApiPath(url: string): boolean {
  return API_PREFIXES.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p));
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the web app (web/dist, built by `npm start`/`npm test`) on the API's own server: hashed
 * assets with a long cache, and index.html for every other page URL a browser asks for (client
 * routing). Anything else unknown keeps the API's 404 problem document.
 */
export async function registerWebApp(app: App, distDir = WEB_DIST_DIR): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    // Not built (a test that never asked for it): the root still leads somewhere useful.
    app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/docs'));
    return;
  }
  const indexHtml = readFileSync(indexFile);
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    serve: true,
    schemaHide: true,
    setHeaders(res, file) {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (file.includes(`${path.sep}assets${path.sep}`))
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  const sendIndex = (reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', CSP)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'same-origin')
      .send(indexHtml);

  app.get('/', { schema: { hide: true } }, async (_request, reply) => sendIndex(reply));
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? request.url;
    if (!isApiPath(url) && acceptsHtml(request)) return sendIndex(reply);
    return sendProblem(request, reply, new AppError('NOT_FOUND', `No route ${request.method} ${url}`));
  });
}
