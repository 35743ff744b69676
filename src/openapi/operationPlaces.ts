import { join } from 'node:path';
import { escapeSegment } from '../pack/jsonPointer';
import { METHODS } from './operations';
import { loadSpecFiles, OPENAPI_ROOT, type Json } from './specFiles';

/** Where an operation is written: its file and the JSON Pointer of its `operationId`. */
export interface OperationPlace {
  operationId: string;
  method: string;
  path: string;
  file: string;
  pointer: string;
  /** What its `x-signing`, `x-not-found`, `x-session` and `x-owner` say, as written. */
  signing: unknown;
  notFound: unknown;
  session: unknown;
  owner: unknown;
  /** Its `security`, or its file's when it has none: a non-empty list makes it private. */
  security: unknown;
}

/** Where each operation of a folder's spec files is written, as written (no `$ref` resolved). */
export function operationPlaces(dir: string, files: Map<string, Json>): OperationPlace[] {
  const places: OperationPlace[] = [];
  for (const [name, doc] of files) {
    for (const [path, item] of Object.entries((doc.paths as Json | undefined) ?? {})) {
      for (const method of METHODS) {
        const op = (item as Json | undefined)?.[method] as Json | undefined;
        if (!op) continue;
        places.push({ operationId: String(op.operationId), method, path, file: join(dir, name), pointer: `/paths/${escapeSegment(path)}/${method}/operationId`, signing: op['x-signing'], notFound: op['x-not-found'], session: op['x-session'], owner: op['x-owner'], security: op.security ?? doc.security });
      }
    }
  }
  return places;
}

/** Where an operation of a country is written, read from its folder's files. */
export function placeOf(dir: string, operationId: string): OperationPlace | undefined {
  return operationPlaces(dir, loadSpecFiles(dir)).find((p) => p.operationId === operationId);
}

/** Where an operation of a country is written: its spec file and the JSON Pointer of its `operationId`. */
export function operationPlace(cc: string, operationId: string, root = OPENAPI_ROOT): { file: string; pointer: string } | undefined {
  const place = placeOf(join(root, cc), operationId);
  return place && { file: place.file, pointer: place.pointer };
}
