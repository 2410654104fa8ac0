import { readFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { SriEndpoints } from '../soap-client.js';
import { child, childText, decodeXmlBytes, parseXml, rootElement, type XmlNode } from '../xml-text.js';
import { answerAuthorization } from './authorizer.js';
import { answerConsulta, consultaResponse } from './consulta.js';
import { handleControlRequest, type SimulatorControl, type SimulatorSettings } from './control-routes.js';
import { type ActiveFault, FaultRegistry } from './faults.js';
import { accessKeyHint, receiveDocument } from './reception.js';
import { authorizationResponse, receptionResponse, soapFault } from './responses.js';
import { preloadSchemas } from './schema-validator.js';
import { seededDocuments } from './seeds.js';
import { SimulatorState, setVoidingState } from './state.js';
import { THROTTLE_MESSAGE, Throttle, type ThrottleLimit } from './throttle.js';

const RECEPTION_PATH = '/comprobantes-electronicos-ws/RecepcionComprobantesOffline';
const AUTHORIZATION_PATH = '/comprobantes-electronicos-ws/AutorizacionComprobantesOffline';
const CONSULTA_PATH = '/comprobantes-electronicos-ws/ConsultaComprobante';
const PATHS: Record<string, Service> = {
  [RECEPTION_PATH]: 'reception',
  [AUTHORIZATION_PATH]: 'authorization',
  [CONSULTA_PATH]: 'consulta',
};
const OPERATIONS: Record<Service, string> = {
  reception: 'validarComprobante',
  authorization: 'autorizacionComprobante',
  consulta: 'consultarEstadoAutorizacionComprobante',
};

const WSDL_DIR = fileURLToPath(new URL('../../../../resources/sri/wsdl/', import.meta.url));
const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** "Longer than any sane client time-out". */
const DEFAULT_HANG_MS = 60_000;

export interface SriSimulatorOptions {
  port: number;
  host?: string;
  /** Time between reception and the final authorization answer (EN PROCESO before). */
  authorizationDelayMs: number;
  /** The simulator's clock: issue-date checks, the authorization delay and fechaAutorizacion. */
  now?: () => Date;
  /** How long TIMEOUT directives and timeout faults hold a call before dropping it. */
  hangMs?: number;
  /** ConsultaComprobante serves issue months up to this many back, the current one included (default 2). null: any. */
  statusWindowMonths?: number | null;
  /** Error 33 past this many query calls in the window (default: never). */
  throttle?: ThrottleLimit | null;
}

export interface SriSimulator {
  /** Base URL, e.g. http://127.0.0.1:3100 */
  url: string;
  /** The two service URLs, ready for createSriClient (which finds ConsultaComprobante beside them). */
  endpoints: SriEndpoints;
  /** The ConsultaComprobante URL. */
  statusEndpoint: string;
  control: SimulatorControl;
  close(): Promise<void>;
}

type Service = 'reception' | 'authorization' | 'consulta';

/** A real SOAP server answering like the tax authority's offline services (decisions.md §3). */
export async function startSriSimulator(options: SriSimulatorOptions): Promise<SriSimulator> {
  preloadSchemas();
  const now = options.now ?? (() => new Date());
  const hangMs = options.hangMs ?? DEFAULT_HANG_MS;
  const state = new SimulatorState(seededDocuments());
  const faults = new FaultRegistry();
  const initialSettings = (): SimulatorSettings => ({
    statusWindowMonths: options.statusWindowMonths === undefined ? 2 : options.statusWindowMonths,
    throttle: options.throttle ?? null,
  });
  let settings = initialSettings();
  const throttle = new Throttle(settings.throttle);
  const timers = new Set<NodeJS.Timeout>();
  const wsdl = {
    reception: readFileSync(`${WSDL_DIR}RecepcionComprobantesOffline.wsdl`, 'utf8'),
    authorization: readFileSync(`${WSDL_DIR}AutorizacionComprobantesOffline.wsdl`, 'utf8'),
    consulta: readFileSync(`${WSDL_DIR}ConsultaComprobante.wsdl`, 'utf8'),
  };

  const control: SimulatorControl = {
    inject: (spec) => faults.inject(spec),
    reset: () => {
      faults.reset();
      state.reset();
      settings = initialSettings();
      throttle.configure(settings.throttle);
    },
    document: (accessKey) => state.snapshot(accessKey, now().getTime()),
    setSriStatus: (accessKey, status) => setVoidingState(state, accessKey, status, now().getTime()),
    configure: (patch) => {
      settings = { ...settings, ...patch };
      throttle.configure(settings.throttle);
      return { ...settings };
    },
    stats: () => state.stats(now().getTime()),
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  /** Holds the call, then drops the connection: the client sees its own time-out first. */
  function hang(req: IncomingMessage, ms: number): void {
    const t = setTimeout(() => {
      timers.delete(t);
      req.socket.destroy();
    }, ms);
    timers.add(t);
    req.socket.once('close', () => {
      clearTimeout(t);
      timers.delete(t);
    });
  }

  function send(res: ServerResponse, status: number, body: Buffer, charset: string): void {
    res.writeHead(status, { 'Content-Type': `text/xml;charset=${charset}`, 'Content-Length': body.length });
    res.end(body);
  }

  const fault500 = (res: ServerResponse, message: string) => {
    state.counters.faults.http500++;
    send(res, 500, soapFault(message), 'UTF-8');
  };

  async function applyFault(
    fault: ActiveFault | null,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<boolean> {
    if (fault === null) return false;
    if (fault.mode === 'http500') {
      fault500(res, 'Error interno del servidor (falla inyectada)');
      return true;
    }
    if (fault.mode === 'timeout') {
      state.counters.faults.timeout++;
      hang(req, fault.delayMs ?? hangMs);
      return true;
    }
    if (fault.mode === 'slow') {
      state.counters.faults.slow++;
      await sleep(fault.delayMs ?? 0);
    }
    return false;
  }

  function drop(req: IncomingMessage): void {
    state.counters.faults.drop++;
    req.socket.destroy();
  }

  async function reception(req: IncomingMessage, res: ServerResponse, operation: XmlNode): Promise<void> {
    state.counters.receptionCalls++;
    const bytes = Buffer.from((childText(operation, 'xml') ?? '').replace(/\s+/g, ''), 'base64');
    const hint = accessKeyHint(bytes);
    if (hint !== null) state.record(hint).submissions++;
    const fault = faults.take('reception', hint);
    if (await applyFault(fault, req, res)) return;
    const outcome = receiveDocument(bytes, {
      state,
      now: now().getTime(),
      authorizationDelayMs: options.authorizationDelayMs,
    });
    if (outcome.kind === 'timeout') {
      state.counters.faults.timeout++;
      return hang(req, hangMs);
    }
    if (outcome.kind === 'http500') return fault500(res, 'Error interno del servidor (simulador=HTTP_500)');
    if (outcome.answer.status === 'RECIBIDA') state.counters.recibida++;
    else state.counters.devuelta++;
    if (outcome.loseAnswer || fault?.mode === 'drop') return drop(req);
    send(res, 200, receptionResponse(outcome.answer), 'UTF-8');
  }

  async function authorization(req: IncomingMessage, res: ServerResponse, operation: XmlNode): Promise<void> {
    state.counters.authorizationCalls++;
    const accessKey = (childText(operation, 'claveAccesoComprobante') ?? '').trim();
    const fault = faults.take('authorization', accessKey);
    if (await applyFault(fault, req, res)) return;
    if (fault?.mode === 'throttled' || throttle.hit(now().getTime())) {
      state.counters.faults.throttled++;
      const entry = { ...REFUSED, status: 'RECHAZADA', messages: [{ ...THROTTLE_MESSAGE }] };
      return send(res, 200, authorizationResponse(accessKey, [entry]), 'ISO-8859-1');
    }
    if (fault?.mode === 'en-proceso') state.counters.faults.enProceso++;
    const outcome = answerAuthorization(accessKey, state, now().getTime(), fault?.mode === 'en-proceso');
    if (outcome.kind === 'http500') return fault500(res, 'Error interno del servidor (simulador=HTTP_500)');
    if (fault?.mode === 'drop') return drop(req);
    send(res, 200, authorizationResponse(outcome.accessKey, outcome.entries), 'ISO-8859-1');
  }

  async function consulta(req: IncomingMessage, res: ServerResponse, operation: XmlNode): Promise<void> {
    state.counters.consultaCalls++;
    const accessKey = (childText(operation, 'claveAcceso') ?? '').trim();
    const fault = faults.take('consulta', accessKey);
    if (await applyFault(fault, req, res)) return;
    const throttled = fault?.mode === 'throttled' || throttle.hit(now().getTime());
    if (throttled) state.counters.faults.throttled++;
    const answer = answerConsulta(accessKey, {
      state,
      now: now().getTime(),
      windowMonths: settings.statusWindowMonths,
      throttled,
    });
    if (fault?.mode === 'drop') return drop(req);
    send(res, 200, consultaResponse(answer), 'UTF-8');
  }

  async function soap(
    service: Service,
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer,
  ): Promise<void> {
    // A SOAP 1.1 endpoint: JAX-WS answers 415 to anything but text/xml.
    const contentType = (req.headers['content-type'] ?? '').toLowerCase();
    if (!contentType.startsWith('text/xml')) {
      return void res
        .writeHead(415, { 'Content-Type': 'text/plain' })
        .end(`Unsupported Content-Type: ${contentType} Supported ones are: [text/xml]`);
    }
    // JAX-WS matches the SOAPAction against the WSDL's empty one (ENVELOPES.md §1).
    const action = (req.headers.soapaction ?? '').toString().replaceAll('"', '').trim();
    if (action !== '')
      return send(
        res,
        500,
        soapFault(`The given SOAPAction ${action} does not match an operation.`, 'soap:Client'),
        'UTF-8',
      );
    let operation: XmlNode | null = null;
    try {
      const envelope = rootElement(parseXml(decodeXmlBytes(body)));
      const soapBody = envelope?.[0] === 'Envelope' ? child(envelope[1], 'Body') : null;
      operation = soapBody && child(soapBody, OPERATIONS[service]);
    } catch (e) {
      return send(
        res,
        500,
        soapFault(`Couldn't create SOAP message due to exception: ${(e as Error).message}`, 'soap:Client'),
        'UTF-8',
      );
    }
    if (operation === null)
      return send(res, 500, soapFault('Cannot find dispatch method for the request', 'soap:Client'), 'UTF-8');
    if (service === 'reception') return reception(req, res, operation);
    if (service === 'consulta') return consulta(req, res, operation);
    return authorization(req, res, operation);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    if (body === null) return void res.writeHead(413).end();
    const url = new URL(req.url ?? '/', 'http://simulator');
    if (url.pathname.startsWith('/simulator/'))
      return handleControlRequest(req, res, url.pathname, body, control);
    const service: Service | null = PATHS[url.pathname] ?? null;
    if (service === null) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    if (req.method === 'GET' && url.search.toLowerCase() === '?wsdl') {
      const base = `http://${req.headers.host ?? new URL(simulatorUrl).host}`;
      const text = wsdl[service].replace(/location="http:\/\/localhost\//, `location="${base}/`);
      return send(res, 200, Buffer.from(text, 'utf8'), 'UTF-8');
    }
    if (req.method !== 'POST') return void res.writeHead(405, { Allow: 'GET, POST' }).end();
    return soap(service, req, res, body);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e: Error) => {
      if (!res.headersSent) send(res, 500, soapFault(`Error interno del simulador: ${e.message}`), 'UTF-8');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const simulatorUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`;

  return {
    url: simulatorUrl,
    endpoints: {
      reception: `${simulatorUrl}${RECEPTION_PATH}`,
      authorization: `${simulatorUrl}${AUTHORIZATION_PATH}`,
    },
    statusEndpoint: `${simulatorUrl}${CONSULTA_PATH}`,
    control,
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The empty parts of a refused autorizacion entry. */
const REFUSED = { authorizationNumber: null, authorizationDate: null, environment: null, document: null };

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
