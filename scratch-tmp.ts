import { writeFileSync } from 'node:fs';
import { renderRide } from './src/adapters/ride/ride.js';
import { authorizationFor, logo, longTextInvoice } from './test/ride/fixtures.js';

const m = longTextInvoice(30);
writeFileSync(
  '/tmp/long.pdf',
  await renderRide({
    model: m,
    status: 'AUTHORIZED',
    authorization: authorizationFor(m),
    language: 'es',
    logo: logo('gif'),
  }),
);
