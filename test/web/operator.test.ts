import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecuadorIsoDate } from '../../src/shared/clock.js';
import { type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { ADMIN_TOKEN, signInThroughUi, startWebStack, type WebStack } from './harness.js';

/**
 * The operator console beyond payment review (which the journey covers): tenants, agreement
 * templates, price announcements and jobs.
 */

let stack: WebStack;
let tenant: RegisteredTenant;
beforeAll(async () => {
  stack = await startWebStack();
  tenant = await verifiedTenant(stack.ctx, { businessName: 'Consultores Quiteños Cía. Ltda.' });
});
afterAll(async () => stack?.close());

async function openConsole(page: Page) {
  await page.goto('/operator');
  await page.getByLabel('Token de operador (ADMIN_TOKEN)').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('tab', { name: 'Pagos por revisar' }).waitFor();
}

describe('operator console', () => {
  it('finds a tenant, suspends it with a reason (the owner then reads only) and reinstates it', async () => {
    const page = await stack.newPage();
    await openConsole(page);
    await page.getByRole('tab', { name: 'Clientes' }).click();
    await page.getByLabel('Buscar por correo, RUC o nombre').fill(tenant.email);
    await page.getByRole('button', { name: 'Buscar' }).click();
    const row = page.locator('tbody tr').filter({ hasText: tenant.email });
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await row.getByLabel('Motivo').selectOption('TERMS_VIOLATION');
    await row.getByRole('button', { name: 'Suspender' }).click();
    await row.getByText('Suspendida').waitFor();

    const owner = await stack.newPage();
    await signInThroughUi(stack, owner, tenant.email);
    await owner
      .getByText(
        'La cuenta está suspendida: puedes consultar, no modificar. (Incumplimiento de los términos)',
      )
      .waitFor();
    await owner.close();

    await row.getByRole('button', { name: 'Reactivar' }).click();
    await row.getByText('Activa').waitFor();
    await page.close();
  });

  it('publishes an agreement version, announces a price and runs a job', async () => {
    const page = await stack.newPage();
    await openConsole(page);
    await page.getByRole('tab', { name: 'Acuerdos' }).click();
    await page.getByLabel('Documento').selectOption('PRIVACY');
    await page.getByLabel('Versión').fill('2.0');
    await page.getByLabel('Texto').fill('Política de privacidad de {{businessName}}, versión 2.0.');
    await page.getByRole('button', { name: 'Publicar' }).click();
    await page.getByText(/Política de privacidad\s*v2\.0/).waitFor();

    await page.getByRole('tab', { name: 'Precios' }).click();
    await page.getByLabel('Nuevo precio (USD, sin IVA)').fill('12.90');
    // Dates from the service's clock: 90 days ahead is past the 30-day notice on any date.
    const today = stack.ctx.clock.now();
    await page.getByLabel('Vigente desde').fill(ecuadorIsoDate(new Date(today.getTime() + 90 * 86_400_000)));
    await page.getByRole('button', { name: 'Anunciar' }).click();
    await page.getByText('Anuncio publicado.').waitFor();
    // A date inside the 30-day notice is refused, and the console says why.
    await page.getByLabel('Vigente desde').fill(ecuadorIsoDate(today));
    await page.getByRole('button', { name: 'Anunciar' }).click();
    await page.locator('.alert.error').waitFor();

    await page.getByRole('tab', { name: 'Tareas' }).click();
    const first = page.locator('ul.jobs li').first();
    const name = (await first.locator('code').textContent())!;
    await first.getByRole('button', { name: 'Ejecutar ahora' }).click();
    await page.getByText(`Tarea ${name} ejecutada`).waitFor();
    await page.close();
  });
});
