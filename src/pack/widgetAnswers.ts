import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { answerShape, type AnswerShape, type ShapeSchema } from './answerShape';
import type { WidgetName } from './widgetCatalogue';

/**
 * What each widget that calls the provider (`ui:options.call` in a step file) reads of the
 * answer: its schema, which `journeys:check` holds the named operation's answer to (required
 * properties present, types that agree), and the type the widget reads it as. The widgets are
 * country-neutral: any country's operation that answers this shape will do.
 */

const text: ShapeSchema = { type: 'string' };

/** One option of a provider select: its `name` is what the agent sees and what is kept. */
export interface ProviderRow {
  name: string;
  code?: string;
}
const row: ShapeSchema = { type: 'object', required: ['name'], properties: { name: text, code: text } };

/** A provider select's options: a list of rows, or an object of lists of rows (`{"cities": [...]}`: the first list is shown). */
export type ProviderSelectAnswer = ProviderRow[] | Record<string, ProviderRow[]>;
export const providerSelectAnswer = answerShape<ProviderSelectAnswer>('a provider select (its options)', {
  anyOf: [
    { type: 'array', items: row },
    { type: 'object', additionalProperties: { type: 'array', items: row } },
  ],
});

/** A provider select that keeps each row's `code` (`ui:options.keep: "code"`): every row has one. */
const codedRow: ShapeSchema = { type: 'object', required: ['name', 'code'], properties: { name: text, code: text } };
export const providerSelectCodedAnswer = answerShape<ProviderSelectAnswer>('a provider select that keeps codes (its options, each with a name and a code)', {
  anyOf: [
    { type: 'array', items: codedRow },
    { type: 'object', additionalProperties: { type: 'array', items: codedRow } },
  ],
});

/** The coverage areas a map draws: a GeoJSON collection of polygons, coloured by their `networkType`. */
export type CoverageAreasAnswer = FeatureCollection<Polygon | MultiPolygon, Record<string, unknown> | null>;
export const coverageAreasAnswer = answerShape<CoverageAreasAnswer>('the map (its coverage areas)', {
  type: 'object',
  required: ['type', 'features'],
  properties: {
    type: { const: 'FeatureCollection' },
    features: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'geometry'],
        properties: {
          type: { const: 'Feature' },
          geometry: {
            type: 'object',
            required: ['type', 'coordinates'],
            properties: { type: { anyOf: [{ const: 'Polygon' }, { const: 'MultiPolygon' }] }, coordinates: { type: 'array' } },
          },
          properties: { type: 'object', properties: { networkType: text } },
        },
      },
    },
  },
});

/** Where an uploaded image is kept by the provider: what the step keeps of it. */
export interface StoredImage {
  fileName: string;
  imageUrl: string;
}
const storedImage: ShapeSchema = { type: 'object', required: ['fileName', 'imageUrl'], properties: { fileName: text, imageUrl: text } };

/** An image upload's answer: where the image is kept, under `Payload`. */
export interface ImageUploadAnswer {
  Payload: StoredImage;
}
export const imageUploadAnswer = answerShape<ImageUploadAnswer>('an image upload (its Payload: fileName and imageUrl)', {
  type: 'object',
  required: ['Payload'],
  properties: { Payload: storedImage },
});

/**
 * A photo capture's answer: an image upload's, or an upload that also reads the photo (an ID's
 * rear), whose answer the step keeps whole as its `reading`, with the image's `imageUrl` (and
 * `fileName`, else the photo's own name).
 */
export type PhotoCaptureAnswer = ImageUploadAnswer | ({ imageUrl: string; fileName?: string } & Record<string, unknown>);
export const photoCaptureAnswer = answerShape<PhotoCaptureAnswer>('a photo capture (a Payload with fileName and imageUrl, or an imageUrl)', {
  anyOf: [imageUploadAnswer.schema, { type: 'object', required: ['imageUrl'], properties: { imageUrl: text, fileName: text } }],
});

/** The answer a calling widget reads with its step's options (a provider select keeping codes reads codes). */
export function widgetAnswerOf(widget: string, options: Record<string, unknown> | undefined): AnswerShape<unknown> | undefined {
  if (widget === 'providerSelect' && options?.keep === 'code') return providerSelectCodedAnswer;
  return widgetAnswers[widget as WidgetName];
}

/** The answer each calling widget reads, by widget name. */
export const widgetAnswers: Partial<Record<WidgetName, AnswerShape<unknown>>> = {
  providerSelect: providerSelectAnswer,
  map: coverageAreasAnswer,
  fileCapture: photoCaptureAnswer,
  documentUpload: imageUploadAnswer,
  signature: imageUploadAnswer,
};
