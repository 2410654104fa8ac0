import { api } from '../api';
import type { Answer } from '../api-models';
import type { Suggestion } from './typeahead';

/** A saved customer (GET /v1/customers): the buyer of an invoice or credit note, the supplier of a settlement. */
export type Customer = Answer<'/v1/customers', 'get'> extends { data: (infer C)[] } ? C : never;

/** A saved product (GET /v1/products): what an item line starts from. */
export type Product = Answer<'/v1/products', 'get'> extends { data: (infer P)[] } ? P : never;

const LIMIT = 8;

/** Customers whose name contains or whose identification starts with `q`. */
export async function searchCustomers(q: string): Promise<Suggestion<Customer>[]> {
  const res = await api<Answer<'/v1/customers', 'get'>>(
    'GET',
    `/v1/customers?${new URLSearchParams({ q, limit: String(LIMIT) })}`,
  );
  return res.data.map((c) => ({ id: c.id, label: c.name, detail: c.identification, value: c }));
}

/** Products whose description or code matches `q`. */
export async function searchProducts(q: string): Promise<Suggestion<Product>[]> {
  const res = await api<Answer<'/v1/products', 'get'>>(
    'GET',
    `/v1/products?${new URLSearchParams({ q, limit: String(LIMIT) })}`,
  );
  return res.data.map((p) => ({
    id: p.id,
    label: p.description,
    detail: `${p.mainCode} · ${p.unitPrice}`,
    value: p,
  }));
}

/**
 * Saves a counterpart typed anew as a customer. An existing one (409, same identification) is
 * fine: the person wanted it saved and it is.
 */
export async function saveCustomer(
  c: Pick<Customer, 'idType' | 'identification' | 'name' | 'email' | 'address'>,
): Promise<void> {
  try {
    await api('POST', '/v1/customers', {
      body: {
        idType: c.idType,
        identification: c.identification,
        name: c.name,
        ...(c.email ? { email: c.email } : {}),
        ...(c.address ? { address: c.address } : {}),
      },
    });
  } catch (e) {
    if ((e as { status?: number }).status !== 409) throw e;
  }
}
