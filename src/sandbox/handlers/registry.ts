import type { Handler } from '../handler';
import { activatorHandlers } from './activator';
import { authHandlers } from './auth';
import { catalogHandlers } from './catalog';
import { contentHandlers } from './content';
import { coverageHandlers } from './coverage';
import { customersHandlers } from './customers';
import { fieldServicesHandlers } from './fieldServices';
import { locationsHandlers } from './locations';
import { registrationHandlers } from './registration';
import { salesHandlers } from './sales';

/** Every operation the sandbox implements, by operationId (a registry: one map). */
export const handlers: Record<string, Handler> = {
  ...activatorHandlers,
  ...authHandlers,
  ...catalogHandlers,
  ...contentHandlers,
  ...coverageHandlers,
  ...customersHandlers,
  ...fieldServicesHandlers,
  ...locationsHandlers,
  ...registrationHandlers,
  ...salesHandlers,
};
