import { existsSync } from 'node:fs';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { serveOnDemand } from '../helpers/on-demand.js';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the same Blink and V8 as the
 * chromium package, without the full browser's headless mode. The two heaviest browser files
 * (words, phone) took 24 % less wall time and 23 % less CPU on it (docs/testing.md). The full
 * browser when the shell is not installed.
 */
const CHROMIUM =
  process.env.CHROMIUM_BIN ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((f) => existsSync(f)) ??
  '/usr/bin/chromium';

/** Headless, with nothing reaching out to the network. */
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
    chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const endpoint = await serveOnDemand(async () => {
    // A browser that died (killed, crashed) is replaced for the files still to come.
    const current = await launched?.catch(() => null);
    if (!current || current.process().exitCode !== null || current.process().signalCode !== null)
      launched = null;
    launched ??= launch();
    try {
      return (await launched).wsEndpoint();
    } catch (e) {
      launched = null;
      throw e;
    }
  });
  project.provide('browserLauncherUrl', endpoint.url);
  return async () => {
    await endpoint.close();
    const browser = await launched?.catch(() => null);
    await browser?.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    browserLauncherUrl: string;
  }
}
