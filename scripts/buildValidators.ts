/** `npm run validators:build`: the meta-schemas' validators, precompiled (src/build/buildValidators.ts), and the engine's types its schemas declare (src/build/runtimeTypes.ts). */
import { buildValidators, GENERATED } from '../src/build/buildValidators';
import { buildRuntimeTypes } from '../src/build/runtimeTypes';

buildValidators();
console.log(`wrote ${GENERATED} and its types`);
console.log(`wrote ${buildRuntimeTypes().join(', ')}`);
