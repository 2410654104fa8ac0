import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Independent XML tools for the fiscal tests: libxml2's xmllint (schemas, C14N), xmlsec1
 * (signatures) and xml-crypto over @xmldom/xmldom (in-process C14N and verification). None of them
 * shares code with what is under test.
 */
/**
 * Runs `use` with each content written to a file of a fresh temporary folder, removed afterwards:
 * nothing outlives the call, so files sharing a process (and this module) never share a folder.
 */
function withFiles<T>(files: Array<{ content: string; ext: string }>, use: (paths: string[]) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-fiscal-'));
  try {
    const paths = files.map((f, i) => {
      const file = path.join(dir, `f${i}.${f.ext}`);
      writeFileSync(file, f.content, 'utf8');
      return file;
    });
    return use(paths);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
  return withFiles([{ content: xml, ext: 'xml' }], ([file]) =>
    run('xmllint', ['--noout', '--nonet', '--schema', schema, file as string]),
  );
}

/** libxml2's Canonical XML 1.0 (no comments) of a whole document. */
export function xmllintC14n(xml: string): string {
  const r = withFiles([{ content: xml, ext: 'xml' }], ([file]) => run('xmllint', ['--c14n', file as string]));
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
  const files = [{ content: xml, ext: 'xml' }];
  if (certPem) files.push({ content: certPem, ext: 'pem' });
  return withFiles(files, ([file, pem]) => {
    if (pem) args.push('--pubkey-cert-pem', pem, '--enabled-key-data', 'x509');
    else args.push('--insecure');
    return run('xmlsec1', [...args, file as string]);
  });
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
