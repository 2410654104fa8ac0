/** A request-log row for the buffer tests: request id `buf-<i>`, dated `at` (the test clock's now). */
export const logEntry = (i: number, at: Date) => ({
  keyId: '0193a4f2-7c1e-4b6a-9d2e-5f8a1c3b7e90',
  tenantId: '0193a4f2-7c1e-4b6a-9d2e-5f8a1c3b7e91',
  environment: 'sandbox' as const,
  method: 'GET',
  path: '/v1/tenants/me',
  status: 200,
  code: null,
  requestId: `buf-${i}`,
  durationMs: 1,
  at,
});
