import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The documents module owns its tables: `documents` and `document_events` are written only by
 * src/modules/documents (submission, delivery and billing call its functions: markReceived,
 * markAuthorized, applyRebuild, markEmailSent, recordDocumentEvent, ...).
 */
const SRC = path.resolve(__dirname, '../../src');
const OWNER = path.join(SRC, 'modules', 'documents');

/** Drizzle (`.update(documents)`, `.insert(documentEvents)`) and SQL (`update documents`) writes. */
const WRITE =
  /\.(?:update|insert|delete)\(\s*(?:documents|documentEvents)\s*\)|\b(?:update|insert\s+into|delete\s+from)\s+(?:documents|document_events)\b/i;

function documentWrites(source: string): string[] {
  return source.split('\n').filter((line) => WRITE.test(line));
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return tsFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

describe('who writes the documents table', () => {
  it('the check recognises every kind of write (a planted violation is found)', () => {
    expect(documentWrites('await tx.update(documents).set({ status })')).toHaveLength(1);
    expect(documentWrites('await db.insert( documentEvents ).values(x)')).toHaveLength(1);
    expect(documentWrites('await tx.delete(documents).where(x)')).toHaveLength(1);
    expect(documentWrites("sql`UPDATE documents SET status = 'X'`")).toHaveLength(1);
    expect(documentWrites('insert into document_events (id) values ($1)')).toHaveLength(1);
    expect(documentWrites('delete from documents where id = $1')).toHaveLength(1);
    expect(documentWrites('const [doc] = await tx.select().from(documents)')).toEqual([]);
    expect(documentWrites('update documents_archive set x = 1')).toEqual([]);
  });

  it('no file outside src/modules/documents writes documents or document_events', () => {
    const offenders = tsFiles(SRC)
      .filter((file) => !file.startsWith(OWNER + path.sep))
      .flatMap((file) =>
        documentWrites(readFileSync(file, 'utf8')).map(
          (line) => `${path.relative(SRC, file)}: ${line.trim()}`,
        ),
      );
    expect(offenders).toEqual([]);
  });
});
