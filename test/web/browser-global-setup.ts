import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

/** Debian's chromium, headless, with nothing reaching out to the network. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * One Chromium for the whole run: the browser tests connect to it and each file opens its own
 * context (cookies, storage and downloads of its own), instead of launching a browser per file.
 * It is launched on the first file's request only, so a run without browser tests starts none:
 * this setup serves `GET /` on loopback with the browser's WebSocket endpoint.
 */
export default async function setup(project: TestProject) {
  let launched: Promise<BrowserServer> | null = null;
  const launch = () =>
    chromium.launchServer({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  const server = createServer(async (_req, res) => {
    // A browser that died (killed, crashed) is replaced for the files still to come.
    const current = await launched?.catch(() => null);
    if (!current || current.process().exitCode !== null || current.process().signalCode !== null)
      launched = null;
    launched ??= launch();
    launched.then(
      (browser) => res.end(browser.wsEndpoint()),
      (e: Error) => {
        launched = null;
        res.statusCode = 500;
        res.end(e.message);
      },
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  project.provide('browserLauncherUrl', `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  return async () => {
    await new Promise((r) => server.close(r));
    const browser = await launched?.catch(() => null);
    await browser?.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    browserLauncherUrl: string;
  }
}
