import { match } from '../../router';
import { AddPurchasesPage } from './add-purchases';
import { PurchaseDetailPage } from './purchase-detail';
import { PurchasesPage } from './purchases-page';
import { TxtImportPage } from './txt-import';

/** The pages under /app/purchases (one entry in app.tsx, so the shared router changes by one line). */
export function PurchaseRoutes({ path }: { path: string }) {
  if (path === '/app/purchases/add') return <AddPurchasesPage />;
  if (path === '/app/purchases/import') return <TxtImportPage />;
  const detail = match('/app/purchases/:id', path);
  if (detail) return <PurchaseDetailPage key={detail.id} id={detail.id!} />;
  return <PurchasesPage />;
}
