/** Saved products and services (issue 18; docs/customers-products.md). Other modules import from here only. */
export { registerProductRoutes } from './products.routes.js';
export { createProductsService } from './products.service.js';
