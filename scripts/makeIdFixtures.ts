/** `npx tsx scripts/makeIdFixtures.ts`: draws the ID photos of every seed into tests/fixtures/ids/ (src/tools/idPhotos/idPhotos.ts). */
import { makeIdFixtures } from '../src/tools/idPhotos/idPhotos';

for (const file of makeIdFixtures()) console.log(file);
