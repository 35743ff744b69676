import { compileSteps } from '../scripts/compileSteps';

/** The precompiled step validators are generated, not committed: every test run builds them first. */
export default function setup(): void {
  compileSteps();
}
