import type { JsonObject } from './journeyTypes';

/** A step screen file (`schemas/steps/<cc>/<step>.json`); `schemas/step.schema.json` is authoritative. */
export interface StepFile {
  $schema: string;
  step: string;
  title: string;
  description?: string;
  text?: string[];
  schema?: JsonObject;
  uiSchema?: JsonObject;
  buttons?: Array<{ label: string; event: string; primary?: boolean; validate?: boolean; when?: string }>;
  messages?: Record<string, Record<string, string>>;
}
