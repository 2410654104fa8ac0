import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import { type Executor, isUniqueViolation, withTransaction } from '../../db/pool.js';
import type { Clock } from '../../shared/clock.js';
import { type CsvTable, decodingErrors, type RowError } from '../../shared/csv-table.js';
import { AppError, notFound } from '../../shared/errors.js';
import { normalizeIdentification } from '../../shared/identifiers.js';
import { uuidv7 } from '../../shared/ids.js';
import { likeLiteral, searchText } from '../../shared/row-checks.js';
import {
  type CustomerFields,
  type CustomerInput,
  checkCustomer,
  customerColumns,
  customerInputOfRow,
} from './customer-checks.js';
import { type CustomerRow, customers } from './customers.tables.js';

export interface ListQuery {
  q?: string;
  page?: number;
  limit?: number;
}

function toCustomer(row: CustomerRow) {
  return {
    id: row.id,
    idType: row.idType,
    identification: row.identification,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const duplicate = (f: Pick<CustomerFields, 'idType' | 'identification'>) =>
  new AppError(
    'CONFLICT',
    `A customer with identification type ${f.idType} and identification ${f.identification} already exists`,
  );

function checked(input: CustomerInput): CustomerFields {
  const { value, errors } = checkCustomer(input);
  errors.throwIfAny();
  return value!;
}

const columnsOf = (f: CustomerFields) => ({ ...f, searchName: searchText(f.name) });

/**
 * Saved customers, per tenant and shared by both environments (docs/customers-products.md).
 * (idType, identification) is unique in a tenant: a second one is 409 CONFLICT.
 */
export function createCustomersService(deps: { db: Executor; clock: Clock }) {
  const { db, clock } = deps;

  async function find(tx: Executor, tenantId: string, id: string): Promise<CustomerRow> {
    const [row] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)));
    if (!row) throw notFound('Customer');
    return row;
  }

  return {
    async create(tenantId: string, input: CustomerInput) {
      const fields = checked(input);
      const now = clock.now();
      const [row] = await db
        .insert(customers)
        .values({ id: uuidv7(now.getTime()), tenantId, ...columnsOf(fields), createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning();
      if (!row) throw duplicate(fields);
      return toCustomer(row);
    },

    /** Name contains q (any case, any accents) or identification starts with q; by name. */
    async list(tenantId: string, query: ListQuery) {
      const page = query.page ?? 1;
      const limit = query.limit ?? 10;
      const q = query.q?.trim() ?? '';
      const where = q
        ? and(
            eq(customers.tenantId, tenantId),
            or(
              sql`${customers.searchName} like ${`%${likeLiteral(searchText(q))}%`}`,
              sql`${customers.identification} like ${`${likeLiteral(normalizeIdentification(q))}%`}`,
            ),
          )
        : eq(customers.tenantId, tenantId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(customers)
          .where(where)
          .orderBy(asc(customers.searchName), asc(customers.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(customers).where(where),
      ]);
      return { data: rows.map(toCustomer), pagination: { total: total?.n ?? 0, page, limit } };
    },

    async get(tenantId: string, id: string) {
      return toCustomer(await find(db, tenantId, id));
    },

    /** Fields given replace the saved ones (null clears email, phone or address). */
    async update(tenantId: string, id: string, patch: CustomerInput) {
      return withTransaction(db, async (tx) => {
        const row = await find(tx, tenantId, id);
        const fields = checked({ ...toCustomer(row), ...patch });
        try {
          const [updated] = await tx
            .update(customers)
            .set({ ...columnsOf(fields), updatedAt: clock.now() })
            .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
            .returning();
          return toCustomer(updated!);
        } catch (e) {
          if (isUniqueViolation(e)) throw duplicate(fields);
          throw e;
        }
      });
    },

    async remove(tenantId: string, id: string): Promise<void> {
      const deleted = await db
        .delete(customers)
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
        .returning({ id: customers.id });
      if (deleted.length === 0) throw notFound('Customer');
    },

    /**
     * Checks every row; without dryRun inserts the valid ones in one transaction. A row whose
     * (idType, identification) is saved already, or repeats an earlier row of the file, is
     * `duplicate` and is not inserted.
     */
    async importCsv(tenantId: string, table: CsvTable, dryRun: boolean) {
      const columns = customerColumns(table);
      const checkedRows = table.rows.map((row) => {
        const input = customerInputOfRow(row, columns);
        const { value, errors } = checkCustomer(input);
        // A cell with bytes that are not UTF-8 is never saved as mojibake: the row is invalid.
        const undecodable = decodingErrors(row);
        return {
          line: row.line,
          input,
          value: undecodable.length ? undefined : value,
          errors: [...undecodable, ...(errors.list as RowError[])],
        };
      });
      return withTransaction(db, async (tx) => {
        const existing = new Set(
          (
            await tx
              .select({ idType: customers.idType, identification: customers.identification })
              .from(customers)
              .where(eq(customers.tenantId, tenantId))
          ).map((c) => `${c.idType}|${c.identification}`),
        );
        const seen = new Set<string>();
        const rows = checkedRows.map((r) => {
          if (!r.value) return { line: r.line, status: 'invalid' as const, errors: r.errors, value: r.input };
          const key = `${r.value.idType}|${r.value.identification}`;
          const again = seen.has(key);
          seen.add(key);
          if (existing.has(key) || again) {
            const message = again
              ? 'repeats an earlier row of the file'
              : 'a customer with this identification is saved already';
            return {
              line: r.line,
              status: 'duplicate' as const,
              errors: [{ field: 'identification', code: 'DUPLICATE' as const, message }],
              value: r.value,
            };
          }
          return { line: r.line, status: 'valid' as const, errors: [], value: r.value };
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
              .insert(customers)
              .values(
                valid.map((r) => ({
                  id: uuidv7(now.getTime()),
                  tenantId,
                  ...columnsOf(r.value as CustomerFields),
                  createdAt: now,
                  updatedAt: now,
                })),
              )
              .onConflictDoNothing()
              .returning({ id: customers.id })
          : [];
        return { ...summary, created: created.length };
      });
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
