import type { JsonObject } from './journeyTypes';

/** A step screen file (`schemas/steps/<cc>/<step>.json`); `schemas/step.schema.json` is authoritative. */
export interface StepFile {
  $schema: string;
  step: string;
  title: string;
  description?: string;
  text?: string[];
  /** Links to pages outside the app, each click recorded (`$defs/link`). */
  links?: StepLink[];
  schema?: JsonObject;
  uiSchema?: JsonObject;
  buttons?: Array<{ label: string; event: string; primary?: boolean; validate?: boolean; when?: string; unless?: string }>;
  messages?: Record<string, Record<string, string>>;
}

/** A link of a step to a page outside the app: its words, its https: address, the name its clicks are recorded under. */
export interface StepLink {
  label: string;
  href: string;
  track: string;
}
