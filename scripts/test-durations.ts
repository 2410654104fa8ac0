/**
 * Writes test/durations.json (the wall seconds of each test file, which test/sequencer.ts runs
 * longest first) from a Vitest JSON report: `npx vitest run --reporter=json --outputFile=r.json`
 * then `npm run test:durations -- r.json`. Rounded to the second; a full run's order is what counts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DURATIONS_FILE } from '../test/sequencer.js';

interface Report {
  testResults: { name: string; startTime: number; endTime: number }[];
}

const input = process.argv[2];
if (!input) {
  console.error('usage: npm run test:durations -- <vitest-json-report>');
  process.exit(2);
}
const report = JSON.parse(readFileSync(input, 'utf8')) as Report;
const entries = report.testResults
  .map((r) => [repoPath(r.name), Math.round((r.endTime - r.startTime) / 1000)] as const)
  .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
writeFileSync(DURATIONS_FILE, `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`);
console.log(`${entries.length} files written to ${DURATIONS_FILE}`);

/** The path from the repository's folder: the report's paths are absolute, from any checkout. */
function repoPath(file: string): string {
  const mine = path.relative(process.cwd(), file);
  if (!mine.startsWith('..')) return mine.split(path.sep).join('/');
  return file.slice(file.search(/\/(src|test)\//) + 1);
}
