import type { operations as ActivatorOperations } from './generated/activator';
import type { operations as AuthOperations } from './generated/auth';
import type { operations as CatalogOperations } from './generated/catalog';
import type { operations as ContentOperations } from './generated/content';
import type { operations as CoverageOperations } from './generated/coverage';
import type { operations as CustomersOperations } from './generated/customers';
import type { operations as FieldServicesOperations } from './generated/fieldServices';
import type { operations as LocationsOperations } from './generated/locations';
import type { operations as RegistrationOperations } from './generated/registration';
import type { operations as SalesOperations } from './generated/sales';
import type { OperationId } from './generated/operations';

/** Every operation's generated types (openapi-typescript), by operationId. */
type AllOperations = ActivatorOperations &
  AuthOperations &
  CatalogOperations &
  ContentOperations &
  CoverageOperations &
  CustomersOperations &
  FieldServicesOperations &
  LocationsOperations &
  RegistrationOperations &
  SalesOperations;

/** The body of a success (200, else 201) as the spec describes it; `never` where it has none. */
type SuccessBody<R> = R extends { 200: { content: infer C } } ? C[keyof C] : R extends { 201: { content: infer C } } ? C[keyof C] : never;

/**
 * What an operation answers when it succeeds, from the provider's OpenAPI spec: the type a
 * caller of `callOperation(…, 'products', …)` reads its `data` as.
 */
export type OperationAnswer<Op extends OperationId> = Op extends keyof AllOperations ? SuccessBody<AllOperations[Op]['responses']> : never;
