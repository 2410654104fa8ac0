import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { screenshot, signInThroughUi, startWebStack, type WebStack } from './harness.js';

/** The Clientes and Productos pages: a CSV import with good and bad rows, and the list after it. */
let stack: WebStack;
let tenant: RegisteredTenant;
beforeAll(async () => {
  stack = await startWebStack();
  tenant = await verifiedTenant(stack.ctx);
});
afterAll(async () => stack?.close());

const CUSTOMERS_CSV = [
  'Tipo;Identificación;Nombre;Correo',
  'RUC;1790011674001;Distribuidora Andina S.A.;compras@andina.example',
  'Cédula;912345678;María José Pérez;maria@example.com',
  'Cédula;123;Cédula Corta;no-es-correo',
  'Pasaporte;;Sin Número;',
].join('\n');

const customerCount = async () =>
  Number(
    (
      await stack.ctx.query<{ n: string }>('select count(*) as n from customers where tenant_id = $1', [
        tenant.tenantId,
      ])
    )[0]!.n,
  );

describe('customers page', () => {
  it('imports a CSV: the preview shows each row and its errors, confirming saves the good ones', async () => {
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    await page.getByRole('link', { name: 'Clientes' }).click();
    await page.getByText('Aún no hay clientes.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Importar CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar clientes' });
    await dialog.getByLabel('Archivo CSV').setInputFiles({
      name: 'clientes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CUSTOMERS_CSV),
    });
    await dialog.getByRole('button', { name: 'Revisar archivo' }).click();
    await dialog.getByText('Válidas: 2 · Con errores: 2 · Repetidas: 0').waitFor();
    const preview = dialog.getByRole('table', { name: 'Vista previa' });
    const rows = preview.locator('tbody tr');
    await expect(rows.count()).resolves.toBe(4);
    // The cédula that lost its leading zero in a spreadsheet gets it back.
    await expect(rows.nth(1).textContent()).resolves.toContain('Cédula 0912345678');
    const bad = rows.nth(2);
    await expect(bad.getAttribute('data-status')).resolves.toBe('invalid');
    await expect(bad.textContent()).resolves.toContain('Identificación: una cédula tiene 10 dígitos');
    await expect(bad.textContent()).resolves.toContain('Correo: no es un correo válido');
    await expect(rows.nth(3).textContent()).resolves.toContain('Identificación: es obligatorio');
    expect(await customerCount()).toBe(0);
    await screenshot(page, 'customers-import-preview');

    await dialog.getByRole('button', { name: 'Importar filas válidas (2)' }).click();
    await dialog.getByText('Filas importadas: 2.').waitFor();
    await dialog.getByRole('button', { name: 'Listo' }).click();
    const list = page.getByRole('table', { name: 'Clientes' });
    await list.getByText('Distribuidora Andina S.A.').waitFor();
    await page.getByText('Clientes importados: 2.').waitFor();
    await expect(list.textContent()).resolves.toContain('María José Pérez');
    await expect(list.textContent()).resolves.toContain('RUC 1790011674001');
    expect(await customerCount()).toBe(2);

    // At phone width the list keeps name and identification; email and phone step aside.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(list.getByText('Distribuidora Andina S.A.').isVisible()).resolves.toBe(true);
    await expect(list.getByText('compras@andina.example').isVisible()).resolves.toBe(false);
    await page.setViewportSize({ width: 1280, height: 860 });

    // Search ignores accents.
    await page.getByLabel('Buscar por nombre o identificación').fill('perez');
    await expect.poll(() => list.locator('tbody tr').count()).toBe(1);
    await expect(list.textContent()).resolves.toContain('María José Pérez');
    await page.close();
  });

  it('creates, edits and deletes (after a confirmation) a customer', async () => {
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    await page.getByRole('link', { name: 'Clientes' }).click();
    await page.getByRole('button', { name: 'Nuevo cliente' }).click();
    const form = page.getByRole('dialog', { name: 'Nuevo cliente' });
    // The API's field errors, in Spanish under their inputs.
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => form.getByText('es obligatorio').count()).toBe(2);
    await form.getByLabel('Nombre o razón social').fill('John Smith');
    await form.getByLabel('Identificación', { exact: true }).fill('179001');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await form.getByText('un RUC tiene 13 dígitos y termina en 001').waitFor();
    await form.getByLabel('Tipo de identificación').selectOption('06');
    await form.getByLabel('Identificación', { exact: true }).fill('AB-778899');
    await form.getByLabel('Nombre o razón social').fill('John Smith');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Cliente John Smith creado.').waitFor();
    const list = page.getByRole('table', { name: 'Clientes' });
    await list.getByText('AB-778899').waitFor();
    await expect(list.textContent()).resolves.toContain('Pasaporte AB-778899');

    await page.getByRole('button', { name: 'Editar John Smith' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar cliente' });
    await edit.getByLabel('Correo').fill('john@example.com');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Cliente John Smith guardado.').waitFor();
    await list.getByText('john@example.com').waitFor();

    await page.getByRole('button', { name: 'Eliminar John Smith' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar cliente' });
    await confirm.getByText('¿Eliminar a John Smith?', { exact: false }).waitFor();
    expect(await customerCount()).toBe(3);
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('Cliente John Smith eliminado.').waitFor();
    expect(await customerCount()).toBe(2);
    await page.close();
  });
});

describe('products page', () => {
  it('imports products with IVA written as people write it, and shows the rates by name', async () => {
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    await page.getByRole('link', { name: 'Productos' }).click();
    await page.getByRole('button', { name: 'Importar CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar productos' });
    // A file the server cannot use as a whole: the problem in words.
    await dialog.getByLabel('Archivo CSV').setInputFiles({
      name: 'incompleto.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('codigo;descripcion\nA;B\n'),
    });
    await dialog.getByRole('button', { name: 'Revisar archivo' }).click();
    await dialog.getByText('Falta la columna Precio unitario', { exact: false }).waitFor();
    await dialog.getByText('Falta la columna IVA', { exact: false }).waitFor();
    await dialog.getByLabel('Archivo CSV').setInputFiles({
      name: 'productos.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'codigo;descripcion;precio;iva\nAGU-1;Agua 500 ml;0,45;15%\nLIB-1;Libro;12.00;12%\n',
      ),
    });
    await dialog.getByRole('button', { name: 'Revisar archivo' }).click();
    await dialog.getByText('Válidas: 1 · Con errores: 1 · Repetidas: 0').waitFor();
    const rows = dialog.getByRole('table', { name: 'Vista previa' }).locator('tbody tr');
    await expect(rows.nth(0).textContent()).resolves.toContain('IVA 15%');
    await expect(rows.nth(1).textContent()).resolves.toContain('IVA: no es una tarifa del catálogo del SRI');
    await dialog.getByRole('button', { name: 'Importar filas válidas (1)' }).click();
    await dialog.getByText('Filas importadas: 1.').waitFor();
    await dialog.getByRole('button', { name: 'Listo' }).click();
    const list = page.getByRole('table', { name: 'Productos' });
    await list.getByText('Agua 500 ml').waitFor();
    await expect(list.textContent()).resolves.toContain('0.45');
    await expect(list.textContent()).resolves.toContain('IVA 15%');

    // In English: the same page, every label in English.
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    const header = await page.getByRole('table', { name: 'Products' }).locator('thead').textContent();
    expect(header).toBe('CodeDescriptionUnit priceTaxesActions');
    await page.getByRole('button', { name: 'New product' }).click();
    const form = page.getByRole('dialog', { name: 'New product' });
    await form.getByLabel('Code', { exact: true }).fill('AGU-1');
    await form.getByLabel('Description').fill('Agua otra vez');
    await form.getByLabel('Unit price').fill('1.2345678');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('at most 6 decimals', { exact: true }).waitFor();
    await form.getByLabel('Unit price').fill('1.25');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('You already have a product with that code.').waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'ES', exact: true }).click();
    await page.close();
  });
});
