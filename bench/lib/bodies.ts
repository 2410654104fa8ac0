/**
 * An invoice body for benchmarks (test/helpers/documents.ts needs the test runner). Total 123.50 =
 * 90.00 + 13.50 IVA 15% + 20.00 at 0%.
 */
export function benchInvoice(additionalInfo: { name: string; value: string }[] = []) {
  return {
    documentType: '01',
    buyer: { idType: '05', id: '1710034065', name: 'María José Peñafiel', email: 'maria@example.com' },
    items: [
      {
        mainCode: 'SKU-001',
        description: 'Servicio de consultoría',
        quantity: '2',
        unitPrice: '50.00',
        discount: '10.00',
        taxes: [{ code: '2', rateCode: '4', rate: '15', taxableBase: '90.00', taxAmount: '13.50' }],
      },
      {
        mainCode: 'SKU-002',
        description: 'Libro técnico',
        quantity: '1',
        unitPrice: '20.00',
        taxes: [{ code: '2', rateCode: '0', rate: '0', taxableBase: '20.00', taxAmount: '0.00' }],
      },
    ],
    payments: [{ method: '20', total: '123.50' }],
    additionalInfo: [{ name: 'Pedido', value: 'PO-7781' }, ...additionalInfo],
  };
}
