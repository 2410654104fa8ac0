import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * Independent XML tools for the fiscal tests: libxml2's xmllint (schemas, C14N), xmlsec1
 * (signatures) and xml-crypto over @xmldom/xmldom (in-process C14N and verification). None of them
 * shares code with what is under test.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-fiscal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;

function tempFile(content: string, ext = 'xml'): string {
  const file = path.join(dir, `f${++counter}.${ext}`);
  writeFileSync(file, content, 'utf8');
  return file;
}

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(cmd: string, args: string[], input?: string): RunResult {
  const r = spawnSync(cmd, args, { encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** xmllint schema validation; the result's status is 0 only when the file validates. */
export function validateWithSchema(xml: string, schema: string): RunResult {
  return run('xmllint', ['--noout', '--nonet', '--schema', schema, tempFile(xml)]);
}

/** libxml2's Canonical XML 1.0 (no comments) of a whole document. */
export function xmllintC14n(xml: string): string {
  const r = run('xmllint', ['--c14n', tempFile(xml)]);
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout;
}

/** xmlsec1 verification in the tax authority's recipe (docs/spec-map.md, SRI §4). */
export function xmlsecVerify(xml: string, root: string, certPem?: string): RunResult {
  const args = [
    '--verify',
    '--id-attr:id',
    root,
    '--id-attr:Id',
    'http://uri.etsi.org/01903/v1.3.2#:SignedProperties',
  ];
  if (certPem) args.push('--pubkey-cert-pem', tempFile(certPem, 'pem'), '--enabled-key-data', 'x509');
  else args.push('--insecure');
  return run('xmlsec1', [...args, tempFile(xml)]);
}

// @xmldom/xmldom is loaded untyped: its typings pull the DOM library into the whole program.
const require = createRequire(import.meta.url);
const { DOMParser } = require('@xmldom/xmldom') as { DOMParser: new () => XmlParser };
interface XmlParser {
  parseFromString(xml: string, mime: string): XmlNode;
}

/** The few DOM members the tests use. */
export interface XmlNode {
  documentElement: XmlNode;
  localName: string;
  namespaceURI: string | null;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<XmlNode>;
  lastChild: XmlNode | null;
  parentNode: XmlNode | null;
  getAttribute(name: string): string | null;
  getElementsByTagName(name: string): ArrayLike<XmlNode>;
  getElementsByTagNameNS(ns: string, name: string): ArrayLike<XmlNode>;
  removeChild(child: XmlNode): void;
}

export function parseXml(xml: string): XmlNode {
  return new DOMParser().parseFromString(xml, 'text/xml');
}
