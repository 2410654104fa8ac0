import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Runs the longest test files first, by the wall seconds recorded in test/durations.json
 * (`npm run test:durations` refreshes it from a run's JSON report). Vitest's own order needs the
 * cache of a previous run, which a fresh clone (CI) lacks: it then starts the largest files first,
 * and a short file with a long run (a browser test) could start last and leave a tail of one file.
 * Files not recorded yet run first, as Vitest does with unknown files, the larger first.
 */
export default class DurationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const recorded = readDurations(path.join(root, DURATIONS_FILE));
    // Unknown files first (a recorded duration of infinity), the larger of them first.
    const key = (spec: TestSpecification) => ({
      seconds:
        recorded[path.relative(root, spec.moduleId).split(path.sep).join('/')] ?? Number.POSITIVE_INFINITY,
      size: statSync(spec.moduleId).size,
    });
    const keys = new Map(files.map((f) => [f, key(f)]));
    return [...files].sort((a, b) => {
      const [ka, kb] = [keys.get(a)!, keys.get(b)!];
      if (ka.seconds !== kb.seconds) return ka.seconds > kb.seconds ? -1 : 1;
      return kb.size - ka.size;
    });
  }
}

export const DURATIONS_FILE = 'test/durations.json';

function readDurations(file: string): Record<string, number> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  } catch {
    return {}; // no record: every file is unknown
  }
}
