import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { decode as decodePng } from 'fast-png';

const run = promisify(execFile);

/**
 * Independent checks of rendered PDFs with the poppler and zbar command-line tools, through
 * temporary files: what a reader's software extracts, not what our code believes it wrote.
 */
async function withPdf<T>(pdf: Buffer, fn: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ride-test-'));
  try {
    const file = path.join(dir, 'ride.pdf');
    await writeFile(file, pdf);
    return await fn(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `pdftotext -layout`, one string per page. */
export function pdfPages(pdf: Buffer): Promise<string[]> {
  return withPdf(pdf, async (file) => {
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
      maxBuffer: 64 << 20,
    });
    const pages = stdout.split('\f');
    if (pages.at(-1)?.trim() === '') pages.pop();
    return pages;
  });
}

/** `pdfinfo` as key/value pairs. */
export function pdfInfo(pdf: Buffer): Promise<Record<string, string>> {
  return withPdf(pdf, async (file) => {
    const { stdout } = await run('pdfinfo', [file]);
    return Object.fromEntries(
      stdout
        .split('\n')
        .filter((l) => l.includes(':'))
        .map((l) => [l.slice(0, l.indexOf(':')).trim(), l.slice(l.indexOf(':') + 1).trim()]),
    );
  });
}

/** `pdfimages -list`: one row per image (page, type, width, height, ...). */
export function pdfImages(
  pdf: Buffer,
): Promise<{ page: number; type: string; width: number; height: number }[]> {
  return withPdf(pdf, async (file) => {
    const { stdout } = await run('pdfimages', ['-list', file]);
    return stdout
      .split('\n')
      .slice(2)
      .filter((l) => l.trim() !== '')
      .map((l) => l.trim().split(/\s+/))
      .map((c) => ({ page: Number(c[0]), type: c[2] ?? '', width: Number(c[3]), height: Number(c[4]) }));
  });
}

/** Renders one page with `pdftoppm -png` and decodes it (RGB(A) pixels). */
export function rasterize(pdf: Buffer, page: number, dpi: number) {
  return withPdf(pdf, async (file, dir) => {
    const out = path.join(dir, 'page');
    await run('pdftoppm', [
      '-r',
      String(dpi),
      '-png',
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      file,
      out,
    ]);
    return decodePng(await readFile(`${out}.png`));
  });
}

/** Page `page` at 200 dpi through `zbarimg --raw -q`: the decoded barcode texts. */
export function decodeBarcodes(pdf: Buffer, page = 1): Promise<string[]> {
  return withPdf(pdf, async (file, dir) => {
    const out = path.join(dir, 'page');
    await run('pdftoppm', [
      '-r',
      '200',
      '-png',
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      file,
      out,
    ]);
    try {
      const { stdout } = await run('zbarimg', ['--raw', '-q', `${out}.png`]);
      return stdout.split('\n').filter((l) => l !== '');
    } catch (error) {
      // zbarimg exits 4 when it finds no barcode
      if ((error as { code?: number }).code === 4) return [];
      throw error;
    }
  });
}

/** True when `phrase` appears on a single line of `text` (spacing between words ignored). */
export function hasLine(text: string, phrase: string): boolean {
  const words = phrase.trim().split(/\s+/).map(escapeRegExp);
  return new RegExp(words.join('[ \\t]+')).test(text);
}

/** True when the words of `phrase` appear in order, possibly wrapped across lines and columns. */
export function hasWords(text: string, phrase: string): boolean {
  const words = phrase.trim().split(/\s+/).map(escapeRegExp);
  return new RegExp(words.join('[\\s\\S]*?')).test(text);
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
