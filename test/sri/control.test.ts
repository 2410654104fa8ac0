import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { receptionRequest } from '../../src/adapters/sri/envelopes.js';
import type { SriTransportError } from '../../src/adapters/sri/types.js';
import { compiledEntry, serverCompiled } from '../helpers/compiled.js';
import { type Harness, signedDocument, startHarness } from './harness.js';

/** The control API over HTTP (for a separate benchmark process), the WSDL, SOAP details, the CLI. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ authorizationDelayMs: 0 });
});
afterAll(() => h.close());
beforeEach(() => h.simulator.control.reset());

const api = (pathname: string, init?: RequestInit) => fetch(`${h.simulator.url}${pathname}`, init);
const postJson = (pathname: string, body: unknown) =>
  api(pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('control over HTTP', () => {
  it('POST /simulator/faults injects a fault, limited to the given keys', async () => {
    const target = signedDocument();
    const res = await postJson('/simulator/faults', {
      service: 'reception',
      mode: 'http500',
      times: 1,
      accessKeys: [target.accessKey],
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ ok: true, id: expect.any(Number) });
    expect((await h.client.validate('sandbox', signedDocument().signed)).status).toBe('RECIBIDA');
    const error = await h.client.validate('sandbox', target.signed).catch((e: unknown) => e);
    expect((error as SriTransportError).status).toBe('HTTP_500');
    expect((await h.client.validate('sandbox', target.signed)).status).toBe('RECIBIDA');
  });

  it.each([
    ['not JSON', 'nope'],
    ['an unknown mode', JSON.stringify({ service: 'reception', mode: 'explode' })],
    ['en-proceso on reception', JSON.stringify({ service: 'reception', mode: 'en-proceso' })],
    ['bad accessKeys', JSON.stringify({ service: 'both', mode: 'drop', accessKeys: 'x' })],
  ])('refuses %s with 400', async (_name, body) => {
    const res = await api('/simulator/faults', { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ ok: false, error: expect.any(String) });
  });

  it('GET /simulator/documents/:accessKey and GET /simulator/stats report what happened', async () => {
    const doc = signedDocument();
    await h.client.validate('sandbox', doc.signed);
    await h.client.validate('sandbox', doc.signed);
    await h.client.authorize('sandbox', doc.accessKey);

    const res = await api(`/simulator/documents/${doc.accessKey}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      ok: true,
      document: {
        accessKey: doc.accessKey,
        state: 'AUTORIZADO',
        submissions: 2,
        authorizationQueries: 1,
        attempts: 1,
        lastReception: { status: 'DEVUELTA', messages: [{ identifier: '43' }] },
      },
    });
    const stats = await (await api('/simulator/stats')).json();
    expect(stats).toMatchObject({
      ok: true,
      stats: {
        receptionCalls: 2,
        authorizationCalls: 1,
        recibida: 1,
        devuelta: 1,
        documents: { total: 1, autorizado: 1, enProceso: 0, noAutorizado: 0 },
      },
    });
  });

  it('POST /simulator/reset forgets documents; unknown keys answer 404', async () => {
    const doc = signedDocument();
    await h.client.validate('sandbox', doc.signed);
    expect((await api('/simulator/reset', { method: 'POST' })).status).toBe(200);
    expect((await api(`/simulator/documents/${doc.accessKey}`)).status).toBe(404);
    expect((await h.client.validate('sandbox', doc.signed)).status).toBe('RECIBIDA');
    expect((await api('/simulator/nothing')).status).toBe(404);
  });
});

describe('SOAP details', () => {
  it.each([
    ['RecepcionComprobantesOffline', 'validarComprobante'],
    ['AutorizacionComprobantesOffline', 'autorizacionComprobante'],
  ])('serves the %s WSDL with its address rewritten', async (service, operation) => {
    const res = await api(`/comprobantes-electronicos-ws/${service}?wsdl`);
    expect(res.status).toBe(200);
    const wsdl = await res.text();
    expect(wsdl).toContain(
      `<soap:address location="${h.simulator.url}/comprobantes-electronicos-ws/${service}"/>`,
    );
    expect(wsdl).toContain(`<wsdl:operation name="${operation}">`);
  });

  it('answers a non-empty SOAPAction with HTTP 500, as the real service does', async () => {
    const res = await fetch(h.simulator.endpoints.reception, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=UTF-8', SOAPAction: '"validarComprobante"' },
      body: receptionRequest(signedDocument().signed),
    });
    expect(res.status).toBe(500);
    expect(await res.text()).toContain('does not match an operation');
  });

  it('answers 415 to a SOAP 1.2 content type, as a JAX-WS SOAP 1.1 endpoint does', async () => {
    const res = await fetch(h.simulator.endpoints.reception, {
      method: 'POST',
      headers: { 'Content-Type': 'application/soap+xml; charset=UTF-8' },
      body: receptionRequest(signedDocument().signed),
    });
    expect(res.status).toBe(415);
  });

  it('answers an envelope without the operation with a SOAP Fault', async () => {
    const res = await fetch(h.simulator.endpoints.authorization, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=UTF-8', SOAPAction: '""' },
      body: receptionRequest('<x/>'),
    });
    expect(res.status).toBe(500);
    expect(await res.text()).toContain('<faultstring>');
  });
});

describe('npm run sri:simulator', () => {
  let child: ChildProcess | null = null;
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('starts from the configuration and prints its URLs', async () => {
    await serverCompiled();
    child = spawn(process.execPath, [compiledEntry('sri-simulator-cli')], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        SRI_SIMULATOR_PORT: '0',
        SRI_SIMULATOR_AUTH_DELAY_MS: '250',
        MASTER_KEY: 'ab'.repeat(32),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed: ${output}`)), 30_000);
      child!.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const m = /listening on (http:\/\/\S+)/.exec(output);
        if (m && output.includes('authorization delay')) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
      child!.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
    });
    expect(output).toContain(`${url}/comprobantes-electronicos-ws/RecepcionComprobantesOffline`);
    expect(output).toContain(`${url}/comprobantes-electronicos-ws/AutorizacionComprobantesOffline`);
    expect(output).toContain('authorization delay: 250 ms');
    expect((await fetch(`${url}/simulator/stats`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    child = null;
  });
});
