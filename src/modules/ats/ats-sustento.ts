import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { type Clock, ecuadorIsoDate } from '../../shared/clock.js';
import { notFound, validationError } from '../../shared/errors.js';
import { purchases } from '../purchases/index.js';
import { purchaseAtsSustento, supplierAtsDefaults } from './ats.tables.js';
import { findSupportCode } from './ats-catalogs.js';
import type { AtsScope } from './ats-reports.service.js';

/**
 * The owner's codSustento choices (docs/ats.md, "Sustento"): per purchase, and per supplier as the
 * default of its purchases without one. null clears the choice.
 */
export function createAtsSustento(deps: { db: Executor; clock: Clock }) {
  const { db, clock } = deps;

  function checked(code: string, documentType: string | null) {
    const row = findSupportCode(code, ecuadorIsoDate(clock.now()));
    if (!row) throw validationError('sustento', `${code} is not a codSustento in force (Tabla 5)`);
    if (documentType && !row.documentTypes.includes(documentType))
      throw validationError('sustento', `sustento ${code} does not allow document type ${documentType}`);
  }

  return {
    async setForPurchase(scope: AtsScope, purchaseId: string, sustento: string | null) {
      const [p] = await db
        .select({ id: purchases.id, type: purchases.documentType })
        .from(purchases)
        .where(
          and(
            eq(purchases.id, purchaseId),
            eq(purchases.tenantId, scope.tenantId),
            eq(purchases.environment, scope.environment),
          ),
        );
      if (!p) throw notFound('Purchase');
      if (sustento === null) {
        await db.delete(purchaseAtsSustento).where(eq(purchaseAtsSustento.purchaseId, p.id));
      } else {
        checked(sustento, p.type);
        const values = { sustento, updatedAt: clock.now() };
        await db
          .insert(purchaseAtsSustento)
          .values({ purchaseId: p.id, tenantId: scope.tenantId, ...values })
          .onConflictDoUpdate({ target: purchaseAtsSustento.purchaseId, set: values });
      }
      return { purchaseId: p.id, sustento };
    },

    async setForSupplier(scope: AtsScope, supplierRuc: string, sustento: string | null) {
      const key = and(
        eq(supplierAtsDefaults.tenantId, scope.tenantId),
        eq(supplierAtsDefaults.environment, scope.environment),
        eq(supplierAtsDefaults.supplierRuc, supplierRuc),
      );
      if (sustento === null) {
        await db.delete(supplierAtsDefaults).where(key);
      } else {
        checked(sustento, null);
        const values = { sustento, updatedAt: clock.now() };
        await db
          .insert(supplierAtsDefaults)
          .values({ tenantId: scope.tenantId, environment: scope.environment, supplierRuc, ...values })
          .onConflictDoUpdate({
            target: [
              supplierAtsDefaults.tenantId,
              supplierAtsDefaults.environment,
              supplierAtsDefaults.supplierRuc,
            ],
            set: values,
          });
      }
      return { supplierRuc, sustento };
    },
  };
}

export type AtsSustento = ReturnType<typeof createAtsSustento>;
