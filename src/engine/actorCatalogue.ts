/**
 * Every actor a journey may invoke, by name. Provider calls are named `api.<operationId>` after
 * the spec's call table (section 7); device capabilities are named `device.<capability>`.
 * The api layer and the shell supply the implementations with `machine.provide({ actors })`;
 * until they do, invoking one fails with a clear error instead of hanging.
 */
export const actorCatalogue = {
  'api.accessToken': 'sign in with the seller PIN; answers poa_msisdn and uniqueIdentifier',
  'api.logout': 'end the session at the provider',
  'api.salesPersonDetails': 'the signed-in seller: msisdn, poaSellerCode, names',
  'api.promotionDetails': 'promotions for the seller code (offer bulletin)',
  'api.sales': 'the sales report: the seller\'s leads',
  'api.salesDetail': 'one lead with its node',
  'api.scheduleDates': 'suggested installation dates',
  'api.getTimeSlots': 'AM/PM slots for a date',
  'api.fieldServicesCosts': 'field-service costs',
  'api.departments': 'departments',
  'api.city': 'cities of a department',
  'api.suburb': 'suburbs of a department and city',
  'api.coverage': 'coverage of an address',
  'api.checkCoverage': 'node and node class at a point',
  'api.customerContact': 'store the customer\'s contact data',
  'api.products': 'packages available at a node',
  'api.activationCost': 'activation cost for the chosen months',
  'api.clientDetail': 'accounts of a document number',
  'api.clientSubscription': 'products of a contract',
  'api.clientSubscriptionBalance': 'balance of a contract',
  'api.clientInfoValidateV2': 'client check: individualsLists with hasDebt',
  'api.incomeValidate': 'income validation for the offer',
  'api.activation': 'create the activation order; answers leadId',
  'api.frontIdUpload': 'upload an image (ID, signature, document); answers fileName and imageUrl',
  'api.idRecognition': 'read the fields of an uploaded ID front',
  'api.rearIdRecognition': 'upload the rear of an ID and read its fields',
  'api.validateDUI': 'DUI eligibility: eligibility_result and eligibility_decisions',
  'api.getOTP': 'send a one-time code by SMS or e-mail',
  'api.validateOTP': 'check a one-time code; answers action',
  'api.users': 'register the customer as a user',
  'api.getUser': 'a registered customer',
  'api.contactMediumsPhones': 'register the customer\'s phone',
  'api.contactMediumsEmails': 'register the customer\'s e-mail',
  'api.emailChecker': 'check that an e-mail address can receive mail',
  'api.termsAndConditions': 'the terms and authorizations to accept',
  'api.agentCredentials': 'the agent\'s credentials',
  'api.getConfigParams': 'configuration from the content service',
  'device.location': 'the device position (needs the location permission)',
} as const;

export type ActorName = keyof typeof actorCatalogue;

export const actorNames = Object.keys(actorCatalogue) as ActorName[];
