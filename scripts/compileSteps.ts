/** `npm run steps:compile`: every step schema's validator, precompiled (src/build/compileSteps.ts). */
import { compileSteps, OUTPUT_DIR } from '../src/build/compileSteps';

const written = compileSteps();
console.log(`compiled ${written.length} step validator(s) into ${OUTPUT_DIR}`);
