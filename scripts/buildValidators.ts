/** `npm run validators:build`: the meta-schemas' validators, precompiled (src/build/buildValidators.ts). */
import { buildValidators, GENERATED } from '../src/build/buildValidators';

buildValidators();
console.log(`wrote ${GENERATED} and its types`);
