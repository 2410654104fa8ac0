import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Runs the longest test files first, by the wall seconds recorded in test/durations.json
 * (`npm run test:durations` refreshes it from a run's JSON report). Vitest's own order needs the
 * cache of a previous run, which a fresh clone (CI) lacks: it then starts the largest files first,
 * and a short file with a long run (a browser test) could start last and leave a tail of one file.
 * Files not recorded yet run first, as Vitest does with unknown files.
 */
export default class DurationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const recorded = readDurations(path.join(this.ctx.config.root, DURATIONS_FILE));
    const seconds = (spec: TestSpecification) =>
      recorded[path.relative(this.ctx.config.root, spec.moduleId).split(path.sep).join('/')] ??
      Number.POSITIVE_INFINITY;
    return [...files].sort((a, b) => {
      const [sa, sb] = [seconds(a), seconds(b)];
      return sa === sb ? 0 : sa > sb ? -1 : 1;
    });
  }
}

export const DURATIONS_FILE = 'test/durations.json';

function readDurations(file: string): Record<string, number> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  } catch {
    return {}; // no record: every file is unknown, Vitest's order within them (stable sort)
  }
}
