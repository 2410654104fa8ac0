/** Saved customers (issue 18; docs/customers-products.md). Other modules import from here only. */
export { registerCustomerRoutes } from './customers.routes.js';
export { createCustomersService } from './customers.service.js';
