import type { Page } from 'playwright-core';
import { ADMIN_TOKEN } from './harness.js';

/**
 * Every page and dialog of the web app, for the walk in phone.test.ts (overflow, tables, axe at
 * 360, 390 and 1280 px) and the screenshots in docs/screenshots/. A page added to the app joins the
 * walk by adding a line here.
 */
export interface Screen {
  /** Shown in findings. */
  name: string;
  /** The session it is seen with: none, the operator's token, an account with nothing, a busy one. */
  as: 'public' | 'operator' | 'empty' | 'busy';
  /** `:accessKey` is the busy account's authorized invoice. */
  path: string;
  /** After the page loaded: what makes the state to check (a tab, a filled form); or what to wait for. */
  open?: (page: Page) => Promise<unknown>;
  /** Buttons whose dialogs are checked too: opened, checked, closed with Escape. */
  dialogs?: (string | RegExp)[];
  /** docs/screenshots/<shot>.png at 1280 px and <shot>-phone.png at 390 px (`npm run screenshots`). */
  shot?: string;
}

const tab = (name: string) => async (page: Page) => {
  await page.getByLabel(/ADMIN_TOKEN/).fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('tab', { name }).click();
};
const table = (name: string) => (page: Page) => page.getByRole('table', { name }).first().waitFor();
/** Text shown at every width (a phone may show cards where a desktop shows a table). */
const text = (s: string) => (page: Page) => page.getByText(s).locator('visible=true').first().waitFor();

export const SCREENS: Screen[] = [
  { name: 'sign-in', as: 'public', path: '/signin' },
  { name: 'sign-up', as: 'public', path: '/signup', shot: 'sign-up' },
  { name: 'recover', as: 'public', path: '/recover' },
  { name: 'operator payments', as: 'operator', path: '/operator', open: tab('Pagos por revisar') },
  { name: 'operator tenants', as: 'operator', path: '/operator', open: tab('Clientes') },
  { name: 'operator agreements', as: 'operator', path: '/operator', open: tab('Acuerdos') },
  { name: 'operator prices', as: 'operator', path: '/operator', open: tab('Precios') },
  { name: 'operator jobs', as: 'operator', path: '/operator', open: tab('Tareas') },

  { name: 'overview (empty)', as: 'empty', path: '/app' },
  { name: 'documents (empty)', as: 'empty', path: '/app/documents' },
  { name: 'customers (empty)', as: 'empty', path: '/app/customers' },
  { name: 'products (empty)', as: 'empty', path: '/app/products' },
  { name: 'keys (empty)', as: 'empty', path: '/app/keys' },
  { name: 'webhooks (empty)', as: 'empty', path: '/app/webhooks' },
  { name: 'issuers (empty)', as: 'empty', path: '/app/issuers' },
  { name: 'notifications (empty)', as: 'empty', path: '/app/notifications' },
  { name: 'billing (empty)', as: 'empty', path: '/app/billing' },
  { name: 'production (empty)', as: 'empty', path: '/app/production' },
  { name: 'waybill, type not enabled', as: 'empty', path: '/app/documents/new-waybill' },
  { name: 'purchases (empty)', as: 'empty', path: '/app/purchases', open: text('Importar TXT del SRI') },

  { name: 'overview', as: 'busy', path: '/app', shot: 'dashboard' },
  { name: 'documents', as: 'busy', path: '/app/documents', open: text('María Fernanda'), shot: 'documents' },
  {
    name: 'document detail',
    as: 'busy',
    path: '/app/documents/:accessKey',
    open: (page) => page.locator('.timeline li').nth(2).waitFor(),
    dialogs: ['Reenviar correo', 'Anular', 'Emitir nota de crédito', 'Emitir nota de débito'],
    shot: 'document-detail',
  },
  { name: 'new invoice', as: 'busy', path: '/app/documents/new', shot: 'invoice-form' },
  { name: 'new purchase settlement', as: 'busy', path: '/app/documents/new-purchase-settlement' },
  { name: 'new withholding', as: 'busy', path: '/app/documents/new-withholding' },
  { name: 'new waybill', as: 'busy', path: '/app/documents/new-waybill' },
  {
    name: 'customers',
    as: 'busy',
    path: '/app/customers',
    open: table('Clientes'),
    dialogs: ['Nuevo cliente'],
    shot: 'customers',
  },
  {
    name: 'products',
    as: 'busy',
    path: '/app/products',
    open: table('Productos'),
    dialogs: ['Nuevo producto'],
    shot: 'products',
  },
  { name: 'products, import preview', as: 'busy', path: '/app/products', open: importPreview },
  {
    name: 'keys',
    as: 'busy',
    path: '/app/keys',
    open: text('Sistema contable'),
    dialogs: ['Nueva clave'],
    shot: 'keys',
  },
  { name: 'webhooks', as: 'busy', path: '/app/webhooks', dialogs: ['Nuevo webhook'], shot: 'webhooks' },
  {
    name: 'issuers',
    as: 'busy',
    path: '/app/issuers',
    open: (page) => page.getByRole('region', { name: 'Secuenciales' }).waitFor(),
    dialogs: ['Nuevo punto de emisión', 'Renovar certificado', 'Cambiar'],
    shot: 'issuers',
  },
  { name: 'notifications', as: 'busy', path: '/app/notifications' },
  { name: 'billing', as: 'busy', path: '/app/billing', dialogs: ['Cambiar de plan'], shot: 'plans' },
  { name: 'production', as: 'busy', path: '/app/production' },
  { name: 'add purchases', as: 'busy', path: '/app/purchases/add' },
  { name: 'purchases TXT import', as: 'busy', path: '/app/purchases/import' },
  { name: 'ATS annex', as: 'busy', path: '/app/reports/ats', open: text('Generar ATS') },
  { name: 'menu open', as: 'busy', path: '/app', open: openMenu },
];

/** The products import dialog with a file of one good and one bad row, at its preview. */
async function importPreview(page: Page) {
  await page.getByRole('table', { name: 'Productos' }).waitFor();
  await page.getByRole('button', { name: 'Importar CSV' }).click();
  const importing = page.getByRole('dialog');
  await importing.getByLabel('Archivo CSV').setInputFiles({
    name: 'productos.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'código;descripción;precio;iva\nVAR-12MM-ACERO-CORRUGADO;Varilla de acero corrugado de 12 mm por 12 m;9.80;15%\n;Sin código;abc;99%\n',
    ),
  });
  await importing.getByRole('button', { name: 'Revisar archivo' }).click();
  await importing.getByRole('table', { name: 'Vista previa' }).waitFor();
}

/** The phone menu, opened (the walk starts at 360 px; at 1280 px the menu is always shown). */
async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Menú' }).click();
}
