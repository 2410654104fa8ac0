import { useEffect } from 'react';
import { Loading } from './components/ui';
import { OperatorConsole } from './operator/console';
import { AppLayout } from './pages/app-layout';
import { AtsPage } from './pages/ats/ats-page';
import { BillingPage } from './pages/billing/billing-page';
import { CustomersPage } from './pages/customers';
import { DashboardPage } from './pages/dashboard';
import { DocumentDetailPage } from './pages/document-detail';
import { DocumentsPage } from './pages/documents';
import { IssuableOnly } from './pages/issuable-only';
import { IssuersPage } from './pages/issuers';
import { KeysPage } from './pages/keys';
import { NewInvoicePage } from './pages/new-invoice';
import { NewWaybillPage } from './pages/new-waybill';
import { NewWithholdingPage } from './pages/new-withholding';
import { NotificationsPage } from './pages/notifications';
import { ProductionPage } from './pages/production';
import { ProductsPage } from './pages/products';
import { PurchaseRoutes } from './pages/purchases/purchase-routes';
import { MagicLinkPage, SignInPage } from './pages/sign-in';
import { RecoverPage, SignUpPage, SignUpSentPage, VerifyPage } from './pages/sign-up';
import { WebhooksPage } from './pages/webhooks';
import { match, navigate, useLocation } from './router';
import { useSession } from './session';

function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return <Loading />;
}

/** Pages of the signed-in area; the path decides, the session guards. */
function SignedIn({ path }: { path: string }) {
  const detail = match('/app/documents/:accessKey', path);
  const page =
    path === '/app' ? (
      <DashboardPage />
    ) : path === '/app/documents' ? (
      <DocumentsPage />
    ) : path === '/app/documents/new' ? (
      <IssuableOnly type="01">
        <NewInvoicePage />
      </IssuableOnly>
    ) : path === '/app/documents/new-purchase-settlement' ? (
      <IssuableOnly type="03">
        <NewInvoicePage key="03" kind="purchase-settlement" />
      </IssuableOnly>
    ) : path === '/app/documents/new-withholding' ? (
      <IssuableOnly type="07">
        <NewWithholdingPage />
      </IssuableOnly>
    ) : path === '/app/documents/new-waybill' ? (
      <IssuableOnly type="06">
        <NewWaybillPage />
      </IssuableOnly>
    ) : detail ? (
      <DocumentDetailPage key={detail.accessKey} accessKey={detail.accessKey!} />
    ) : path === '/app/keys' ? (
      <KeysPage />
    ) : path === '/app/webhooks' ? (
      <WebhooksPage />
    ) : path === '/app/issuers' ? (
      <IssuersPage />
    ) : path === '/app/notifications' ? (
      <NotificationsPage />
    ) : path === '/app/billing' ? (
      <BillingPage />
    ) : path === '/app/production' ? (
      <ProductionPage />
    ) : path === '/app/customers' ? (
      <CustomersPage />
    ) : path === '/app/products' ? (
      <ProductsPage />
    ) : path.startsWith('/app/purchases') ? (
      <PurchaseRoutes path={path} />
    ) : path === '/app/reports/ats' ? (
      <AtsPage />
    ) : (
      <Redirect to="/app" />
    );
  return <AppLayout>{page}</AppLayout>;
}

export function App() {
  const { path } = useLocation();
  const session = useSession();
  const clean = path.replace(/\/+$/, '') || '/';
  if (clean === '/operator') return <OperatorConsole />;
  if (clean === '/signup') return <SignUpPage />;
  if (clean === '/signup/sent') return <SignUpSentPage />;
  if (clean === '/verify') return <VerifyPage />;
  if (clean === '/recover') return <RecoverPage />;
  if (clean === '/signin/link') return <MagicLinkPage />;
  if (session.status === 'loading') return <Loading />;
  if (clean === '/signin') return session.status === 'signed-in' ? <Redirect to="/app" /> : <SignInPage />;
  if (clean.startsWith('/app'))
    return session.status === 'signed-in' ? <SignedIn path={clean} /> : <Redirect to="/signin" />;
  return <Redirect to={session.status === 'signed-in' ? '/app' : '/signin'} />;
}
