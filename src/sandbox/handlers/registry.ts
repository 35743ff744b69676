import type { Handler } from '../handler';
import { accountsHandlers } from './accounts';
import { activatorHandlers } from './activator';
import { authHandlers } from './auth';
import { catalogHandlers } from './catalog';
import { contentHandlers } from './content';
import { coverageHandlers } from './coverage';
import { customerLeadsHandlers } from './customerLeads';
import { customerOrderHandlers } from './customerOrders';
import { customersHandlers } from './customers';
import { fieldServicesHandlers } from './fieldServices';
import { locationsHandlers } from './locations';
import { orderLifecycleHandlers } from './orderLifecycle';
import { registerHandlers } from './register';
import { registrationHandlers } from './registration';
import { salesHandlers } from './sales';

/** Every operation the sandbox implements, by operationId (a registry: one map). */
export const handlers: Record<string, Handler> = {
  ...accountsHandlers,
  ...activatorHandlers,
  ...authHandlers,
  ...catalogHandlers,
  ...contentHandlers,
  ...coverageHandlers,
  ...customerLeadsHandlers,
  ...customerOrderHandlers,
  ...customersHandlers,
  ...fieldServicesHandlers,
  ...locationsHandlers,
  ...orderLifecycleHandlers,
  ...registerHandlers,
  ...registrationHandlers,
  ...salesHandlers,
};
