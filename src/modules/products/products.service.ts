import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import { type Executor, isUniqueViolation, withTransaction } from '../../db/pool.js';
import type { Clock } from '../../shared/clock.js';
import { type CsvTable, decodingErrors, type RowError } from '../../shared/csv-table.js';
import { AppError, notFound } from '../../shared/errors.js';
import { codeKey } from '../../shared/identifiers.js';
import { uuidv7 } from '../../shared/ids.js';
import { likeLiteral, searchText } from '../../shared/row-checks.js';
import {
  checkProduct,
  columnOfField,
  type ProductFields,
  type ProductInput,
  productColumns,
  productInputOfRow,
} from './product-checks.js';
import { type ProductRow, products } from './products.tables.js';

export interface ListQuery {
  q?: string;
  page?: number;
  limit?: number;
}

function toProduct(row: ProductRow) {
  return {
    id: row.id,
    mainCode: row.mainCode,
    auxiliaryCode: row.auxiliaryCode,
    description: row.description,
    unitPrice: row.unitPrice,
    taxes: row.taxes,
    additionalDetails: row.additionalDetails,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const duplicate = (mainCode: string) =>
  new AppError('CONFLICT', `A product with main code ${mainCode} already exists`);

function checked(input: ProductInput): ProductFields {
  const { value, errors } = checkProduct(input);
  errors.throwIfAny();
  return value!;
}

const columnsOf = (f: ProductFields) => ({
  ...f,
  mainCodeKey: codeKey(f.mainCode),
  searchText: searchText(f.description),
});

/**
 * Saved products and services, per tenant and shared by both environments
 * (docs/customers-products.md). mainCode is unique in a tenant, compared by codeKey (case and
 * spaces aside): a second one is 409 CONFLICT.
 */
export function createProductsService(deps: { db: Executor; clock: Clock }) {
  const { db, clock } = deps;

  async function find(tx: Executor, tenantId: string, id: string): Promise<ProductRow> {
    const [row] = await tx
      .select()
      .from(products)
      .where(and(eq(products.tenantId, tenantId), eq(products.id, id)));
    if (!row) throw notFound('Product');
    return row;
  }

  return {
    async create(tenantId: string, input: ProductInput) {
      const fields = checked(input);
      const now = clock.now();
      const [row] = await db
        .insert(products)
        .values({ id: uuidv7(now.getTime()), tenantId, ...columnsOf(fields), createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning();
      if (!row) throw duplicate(fields.mainCode);
      return toProduct(row);
    },

    /** Description contains q (any case, any accents) or a code starts with it; by description. */
    async list(tenantId: string, query: ListQuery) {
      const page = query.page ?? 1;
      const limit = query.limit ?? 10;
      const q = query.q?.trim() ?? '';
      const prefix = `${likeLiteral(q.toLowerCase())}%`;
      const where = q
        ? and(
            eq(products.tenantId, tenantId),
            or(
              sql`${products.searchText} like ${`%${likeLiteral(searchText(q))}%`}`,
              sql`lower(${products.mainCode}) like ${prefix}`,
              sql`lower(${products.auxiliaryCode}) like ${prefix}`,
            ),
          )
        : eq(products.tenantId, tenantId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(products)
          .where(where)
          .orderBy(asc(products.searchText), asc(products.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(products).where(where),
      ]);
      return { data: rows.map(toProduct), pagination: { total: total?.n ?? 0, page, limit } };
    },

    async get(tenantId: string, id: string) {
      return toProduct(await find(db, tenantId, id));
    },

    /** Fields given replace the saved ones (taxes and additionalDetails as whole lists). */
    async update(tenantId: string, id: string, patch: ProductInput) {
      return withTransaction(db, async (tx) => {
        const row = await find(tx, tenantId, id);
        const fields = checked({ ...toProduct(row), ...patch });
        try {
          const [updated] = await tx
            .update(products)
            .set({ ...columnsOf(fields), updatedAt: clock.now() })
            .where(and(eq(products.tenantId, tenantId), eq(products.id, id)))
            .returning();
          return toProduct(updated!);
        } catch (e) {
          if (isUniqueViolation(e)) throw duplicate(fields.mainCode);
          throw e;
        }
      });
    },

    async remove(tenantId: string, id: string): Promise<void> {
      const deleted = await db
        .delete(products)
        .where(and(eq(products.tenantId, tenantId), eq(products.id, id)))
        .returning({ id: products.id });
      if (deleted.length === 0) throw notFound('Product');
    },

    /**
     * Checks every row; without dryRun inserts the valid ones in one transaction. A row whose
     * mainCode is saved already, or repeats an earlier row of the file, is `duplicate`.
     * Errors name the CSV column (iva, ice, detail1Name…).
     */
    async importCsv(tenantId: string, table: CsvTable, dryRun: boolean) {
      const columns = productColumns(table);
      const checkedRows = table.rows.map((row) => {
        const input = productInputOfRow(row, columns);
        const { value, errors } = checkProduct(input);
        const rowErrors: RowError[] = errors.list.map((e) => ({
          ...e,
          field: columnOfField(input, e.field),
        }));
        // A cell with bytes that are not UTF-8 is never saved as mojibake: the row is invalid.
        const undecodable = decodingErrors(row);
        return {
          line: row.line,
          input,
          value: undecodable.length ? undefined : value,
          errors: [...undecodable, ...rowErrors],
        };
      });
      return withTransaction(db, async (tx) => {
        const existing = new Set(
          (
            await tx
              .select({ key: products.mainCodeKey })
              .from(products)
              .where(eq(products.tenantId, tenantId))
          ).map((p) => p.key),
        );
        const seen = new Set<string>();
        const rows = checkedRows.map((r) => {
          const value = r.value ?? {
            ...r.input,
            auxiliaryCode: r.input.auxiliaryCode || null,
            taxes: r.input.taxes ?? [],
            additionalDetails: r.input.additionalDetails ?? [],
          };
          if (!r.value) return { line: r.line, status: 'invalid' as const, errors: r.errors, value };
          const key = codeKey(r.value.mainCode);
          const again = seen.has(key);
          seen.add(key);
          if (existing.has(key) || again) {
            const message = again
              ? 'repeats an earlier row of the file'
              : 'a product with this main code is saved already';
            return {
              line: r.line,
              status: 'duplicate' as const,
              errors: [{ field: 'mainCode', code: 'DUPLICATE' as const, message }],
              value,
            };
          }
          return { line: r.line, status: 'valid' as const, errors: [], value };
        });
        const valid = rows.filter((r) => r.status === 'valid');
        const summary = {
          rows,
          valid: valid.length,
          invalid: rows.filter((r) => r.status === 'invalid').length,
          duplicate: rows.filter((r) => r.status === 'duplicate').length,
        };
        if (dryRun) return summary;
        const now = clock.now();
        const created = valid.length
          ? await tx
              .insert(products)
              .values(
                valid.map((r) => ({
                  id: uuidv7(now.getTime()),
                  tenantId,
                  ...columnsOf(r.value as ProductFields),
                  createdAt: now,
                  updatedAt: now,
                })),
              )
              .onConflictDoNothing()
              .returning({ id: products.id })
          : [];
        return { ...summary, created: created.length };
      });
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
