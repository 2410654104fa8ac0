import { describe, expect, it } from 'vitest';
import { renderRide, type SalesRideInput } from '../../src/adapters/ride/ride.js';
import type { DocumentModel } from '../../src/shared/document-model.js';
import { checkRide } from './expect-ride.js';
import { authorizationFor, buildDocument, logo, manyItems } from './fixtures.js';
import { decodeBarcodes, pdfPages } from './pdf-tools.js';
import { allTaxesInvoice, longTextInvoice, richCreditNote, richInvoice } from './sample-documents.js';

interface Case {
  name: string;
  model: () => DocumentModel;
  status: SalesRideInput['status'];
  authorized: boolean;
  language: SalesRideInput['language'];
  logo?: 'png' | 'jpeg' | 'gif';
  /** Expected page count, exact or at least. */
  pages: number | { atLeast: number };
}

const creditNoteWith = (items: DocumentModel['items']) => buildDocument({ documentType: '04', items });

/**
 * The rendering matrix: document type × length × status × language × logo format, with every
 * required label and value checked in `pdftotext -layout` output and the barcode decoded by
 * zbar from page 1 rendered at 200 dpi.
 */
const cases: Case[] = [
  {
    name: 'invoice, one page, es, PNG logo',
    model: richInvoice,
    status: 'AUTHORIZED',
    authorized: true,
    language: 'es',
    logo: 'png',
    pages: 1,
  },
  {
    name: 'invoice, one page, en, JPEG logo',
    model: richInvoice,
    status: 'AUTHORIZED',
    authorized: true,
    language: 'en',
    logo: 'jpeg',
    pages: 1,
  },
  {
    name: 'credit note, one page, es, GIF logo',
    model: richCreditNote,
    status: 'AUTHORIZED',
    authorized: true,
    language: 'es',
    logo: 'gif',
    pages: 1,
  },
  {
    name: 'credit note, draft (SIGNED), en',
    model: richCreditNote,
    status: 'SIGNED',
    authorized: false,
    language: 'en',
    pages: 1,
  },
  {
    name: 'invoice, 80 items, es',
    model: () => buildDocument({ items: manyItems(80) }),
    status: 'AUTHORIZED',
    authorized: true,
    language: 'es',
    logo: 'png',
    pages: { atLeast: 3 },
  },
  {
    name: 'credit note, 80 items, voided, es',
    model: () => creditNoteWith(manyItems(80)),
    status: 'VOIDED',
    authorized: true,
    language: 'es',
    pages: { atLeast: 3 },
  },
  {
    name: 'invoice, 80 items, draft (RECEIVED), en',
    model: () => buildDocument({ environment: 'sandbox', items: manyItems(80) }),
    status: 'RECEIVED',
    authorized: false,
    language: 'en',
    logo: 'gif',
    pages: { atLeast: 3 },
  },
  {
    name: 'invoice, every tax rate, es',
    model: () => allTaxesInvoice('01'),
    status: 'AUTHORIZED',
    authorized: true,
    language: 'es',
    pages: 1,
  },
  {
    name: 'credit note, every tax rate, en',
    model: () => allTaxesInvoice('04'),
    status: 'AUTHORIZED',
    authorized: true,
    language: 'en',
    logo: 'jpeg',
    pages: 1,
  },
  {
    name: 'invoice, 300-character descriptions with details, es',
    model: () => longTextInvoice(30),
    status: 'AUTHORIZED',
    authorized: true,
    language: 'es',
    pages: { atLeast: 3 },
  },
  {
    name: 'invoice, voided, en, PNG logo',
    model: richInvoice,
    status: 'VOIDED',
    authorized: true,
    language: 'en',
    logo: 'png',
    pages: 1,
  },
  {
    name: 'invoice, NOT_AUTHORIZED, es',
    model: richInvoice,
    status: 'NOT_AUTHORIZED',
    authorized: false,
    language: 'es',
    pages: 1,
  },
  {
    name: 'invoice, RETURNED with a stale authorization, es',
    model: richInvoice,
    status: 'RETURNED',
    authorized: true,
    language: 'es',
    pages: 1,
  },
];

describe('RIDE rendering matrix', () => {
  it.each(cases)('$name', async (c) => {
    const model = c.model();
    const input: SalesRideInput = {
      model,
      status: c.status,
      authorization: c.authorized ? authorizationFor(model) : null,
      language: c.language,
      logo: c.logo ? logo(c.logo) : null,
    };
    const pdf = await renderRide(input);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const pages = await pdfPages(pdf);
    if (typeof c.pages === 'number') expect(pages).toHaveLength(c.pages);
    else expect(pages.length).toBeGreaterThanOrEqual(c.pages.atLeast);
    expect(checkRide(pages, input)).toEqual([]);

    expect(await decodeBarcodes(pdf, 1)).toEqual([model.accessKey]);
  });
});
