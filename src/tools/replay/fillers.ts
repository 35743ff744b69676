import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import type { Locator, Page } from 'playwright-core';
import { packPaths } from '../../pack/countryPack';
import { choiceTitle, labelPattern, type ScreenField } from './stepScreen';
import { seedOfferName } from './seedOffers';

type Json = Record<string, unknown>;

/** A field, widget or event the driver cannot work from the screen: the replay stops and says so. */
export class NotDrivable extends Error {}

/** What a filler works with: the page, the app's country, and where to note what it chose instead. */
export interface DriveContext {
  page: Page;
  country: string;
  /** Where the device is (the map's filler moves it and puts it back). */
  position: { latitude: number; longitude: number };
  /** The photo the seed's replay data names for this step (tests/fixtures/ids/), if any. */
  photo?: string;
  /** The seed's answer of the outside page the journey left for (its form's values), if any: given on the page, not at its return link. */
  outside?: Record<string, string>;
  /** What was chosen instead of the path's value (a date the provider does not offer...). */
  notes: string[];
  /** The offers the replay chose, by the path's planId: the name of the card tapped. */
  chosenOffers: Map<string, string>;
  /** Waits until the screen has no call in flight. */
  settle: () => Promise<void>;
}

export type FieldFiller = (ctx: DriveContext, field: ScreenField, value: unknown) => Promise<void>;
/** A step's whole-form widget, given the event's data (or the event, for the one it sends). */
export type FormFiller = (ctx: DriveContext, data: Json, options: Json) => Promise<void>;

const FIXTURES = 'tests/fixtures/ids';
/** Any photo will do for a document or a photo the seed does not name: one the ID reader reads nothing on. */
const ANY_PHOTO = 'unreadable.png';
const fixture = (name: unknown) => (typeof name === 'string' && existsSync(join(FIXTURES, name)) ? name : undefined);

/**
 * The control of a field: by its label (in its group's row, for a row's field), else by the id
 * rjsf gives it (a label the provider's words replaced).
 */
async function control(ctx: DriveContext, field: ScreenField): Promise<Locator> {
  const scope = field.row === undefined ? ctx.page : ctx.page.getByRole('group', { name: field.row, exact: true });
  const byLabel = scope.getByLabel(labelPattern(field.label));
  if ((await byLabel.count()) > 0) return byLabel.first();
  const byId = ctx.page.locator(`[id="root_${field.name}"]`);
  if ((await byId.count()) > 0) return byId.first();
  throw new NotDrivable(`the field "${field.name}" (${field.widget}) has no control labelled "${field.label}" on the screen`);
}

/** Waits until a control can be used (a select waits for the one it depends on), at most `ms`. */
async function enabled(control: Locator, what: string, ms = 10_000) {
  const until = Date.now() + ms;
  while (!(await control.isEnabled())) {
    if (Date.now() > until) throw new NotDrivable(`${what} stays disabled`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Picks the option named `title` of the open list, else its first one (noted). */
async function pickOption(ctx: DriveContext, field: ScreenField, title: string, match: (name: string) => boolean = (name) => name === title) {
  const options = ctx.page.getByRole('listbox').getByRole('option');
  await options.first().waitFor({ timeout: 10_000 }).catch(() => {
    throw new NotDrivable(`the field "${field.name}" (${field.widget}) offers no option`);
  });
  const names = await options.allInnerTexts();
  const at = names.findIndex((name) => match(name.trim()));
  if (at < 0) ctx.notes.push(`${field.label}: "${title}" is not offered, chose "${names[0]?.trim()}"`);
  await options.nth(Math.max(0, at)).click();
}

const typeText: FieldFiller = async (ctx, field, value) => {
  await (await control(ctx, field)).fill(value === undefined || value === null ? '' : String(value));
};

/** Digits into a mask: filled at once, else typed one by one (a mask that reformats as it goes). */
const typeDigits: FieldFiller = async (ctx, field, value) => {
  const input = await control(ctx, field);
  const digits = String(value ?? '');
  await input.fill(digits);
  if ((await input.inputValue()).replace(/\D/g, '') === digits.replace(/\D/g, '')) return;
  await input.fill('');
  await input.pressSequentially(digits);
};

/** A select of the schema's choices (the phone's own select): the choice's title. */
const chooseTitle: FieldFiller = async (ctx, field, value) => {
  const input = await control(ctx, field);
  const title = choiceTitle(field.schema, value);
  // A long list's options are put in the page when the select is reached (as a touch does).
  await input.focus();
  const offered = (await input.locator('option:not([disabled])').allInnerTexts()).map((name) => name.trim());
  if (offered.length === 0) throw new NotDrivable(`the field "${field.name}" (${field.widget}) offers no option`);
  if (!offered.includes(title)) ctx.notes.push(`${field.label}: "${title}" is not offered, chose "${offered[0]}"`);
  // A field whose change sends an event, asked for the option it shows (a tour's second try after
  // the call failed): chosen again, it would not change, so nothing would be sent. Another
  // option is chosen, as the screen's message asks ("elige otra opción").
  const shown = await input.evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent?.trim());
  const other = offered.find((name) => name !== title);
  if (field.options.sends !== undefined && shown === title && other !== undefined) {
    ctx.notes.push(`${field.label}: "${title}" is chosen already, chose "${other}" for the screen to send its event again`);
    return void (await input.selectOption({ label: other }));
  }
  await input.selectOption({ label: offered.includes(title) ? title : (offered[0] as string) });
};

/** A select fed by the provider (`providerSelect`): waits for the field it depends on, then the value's row. */
const chooseProviderRow: FieldFiller = async (ctx, field, value) => {
  const input = await control(ctx, field);
  await enabled(input, `the field "${field.name}" (${field.widget})`);
  const values = Array.isArray(value) ? value.map(String) : [String(value)];
  // Chosen again, the option already shown would be taken back (Mantine's select deselects it).
  if (!Array.isArray(value) && (await input.inputValue()) === String(value)) return;
  for (const one of values) {
    await input.click();
    await pickOption(ctx, field, one);
  }
  if (Array.isArray(value)) await ctx.page.keyboard.press('Escape');
};

/** A select of the country's reference data (`referenceSelect`): the row kept is shown by its label key. */
const chooseReferenceRow: FieldFiller = async (ctx, field, value) => {
  const reference = (field.options.reference ?? {}) as { data?: string; value?: string; label?: string };
  const pack = packPaths(ctx.country.toLowerCase());
  const files = (JSON.parse(readFileSync(pack.countryFile, 'utf8')) as { referenceData?: Record<string, string> }).referenceData ?? {};
  const file = reference.data ? files[reference.data] : undefined;
  const rows = file ? (JSON.parse(readFileSync(join(pack.root, file), 'utf8')) as Json[]) : [];
  const row = rows.find((r) => String(r[reference.value ?? 'value']) === String(value));
  const title = row ? String(row[reference.label ?? 'label']) : String(value);
  const input = await control(ctx, field);
  await enabled(input, `the field "${field.name}" (${field.widget})`);
  if ((await input.inputValue()) === title) return;
  await input.click();
  await pickOption(ctx, field, title);
};

/**
 * A select of rows the journey holds (`journeySelect`): the option whose text shows the value, or
 * the row it keeps (an add-on kept by its code, shown by its name); on a list field, each value.
 */
const chooseJourneyRow: FieldFiller = async (ctx, field, value) => {
  const input = await control(ctx, field);
  await enabled(input, `the field "${field.name}" (${field.widget})`);
  const values = Array.isArray(value) ? value.map(String) : [String(value)];
  for (const one of values) {
    await input.click();
    const kept = ctx.page.getByRole('listbox').locator(`[role=option][value="${one.replace(/"/g, '\\"')}"]`);
    await ctx.page.getByRole('listbox').getByRole('option').first().waitFor({ timeout: 10_000 }).catch(() => undefined);
    if ((await kept.count()) > 0) await kept.first().click();
    else await pickOption(ctx, field, one, (name) => name.includes(one));
  }
  if (Array.isArray(value)) await ctx.page.keyboard.press('Escape');
};

/** The radio group of a field (by its label), or the page when it has none. */
function radioScope(ctx: DriveContext, field: ScreenField) {
  return ctx.page.getByRole('radiogroup', { name: labelPattern(field.label) }).or(ctx.page.locator(`[id="root_${field.name}"]`)).first();
}

const chooseRadio: FieldFiller = async (ctx, field, value) => {
  const title = choiceTitle(field.schema, value);
  const scope = radioScope(ctx, field);
  const within = (await scope.count()) > 0 ? scope : ctx.page;
  await within.getByRole('radio', { name: title, exact: true }).first().check();
};

/** AM or PM (`timeSlots`): the period of the value when free on the chosen date, else the first free one. */
const chooseSlot: FieldFiller = async (ctx, field, value) => {
  const title = choiceTitle(field.schema, value);
  const scope = radioScope(ctx, field);
  const within = (await scope.count()) > 0 ? scope : ctx.page;
  const radios = within.getByRole('radio');
  await radios.first().waitFor({ timeout: 10_000 });
  const wanted = within.getByRole('radio', { name: title, exact: true });
  if ((await wanted.count()) > 0 && (await wanted.first().isEnabled())) return wanted.first().check();
  const free = within.getByRole('radio', { disabled: false });
  if ((await free.count()) === 0) throw new NotDrivable(`the field "${field.name}" (${field.widget}) has no free period for the date chosen`);
  ctx.notes.push(`${field.label}: "${title}" is not free, chose "${(await free.first().getAttribute('value')) ?? ''}"`);
  await free.first().check();
};

/** A consent or a yes/no box: ticked for true. */
const tick: FieldFiller = async (ctx, field, value) => {
  const box = ctx.page.getByRole('checkbox', { name: labelPattern(field.label) }).or(ctx.page.locator(`[id="root_${field.name}"]`)).first();
  if ((await box.count()) === 0) throw new NotDrivable(`the field "${field.name}" (checkbox) has no box labelled "${field.label}"`);
  await box.setChecked(value === true);
};

/** Several choices (`checkboxes`): each value's box ticked. */
const tickEach: FieldFiller = async (ctx, field, value) => {
  const items = ((field.schema.items ?? {}) as Json) ?? {};
  for (const one of Array.isArray(value) ? value : [value]) {
    await ctx.page.getByRole('checkbox', { name: choiceTitle(items, one), exact: true }).check();
  }
};

/** A code or PIN typed box by box (`pinInput`, a group of boxes named by the label): the first box, then the digits. */
const typeCode: FieldFiller = async (ctx, field, value) => {
  const group = ctx.page.getByLabel(labelPattern(field.label)).first();
  const boxes = (await group.count()) > 0 ? group.locator('input') : ctx.page.locator('main input');
  const code = String(value ?? '');
  await boxes.first().click();
  await ctx.page.keyboard.type(code);
  const typed = (await boxes.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).join('');
  if (typed !== code) throw new NotDrivable(`the field "${field.name}" (${field.widget}) took "${typed}" for "${code}"`);
};

/**
 * A date of the provider's offer (`datePicker`): the calendar opened, the value's day if offered
 * (Mantine names each day "1 diciembre 2026"), else the first offered; saved when the calendar asks.
 */
const pickDate: FieldFiller = async (ctx, field, value) => {
  const input = await control(ctx, field);
  await enabled(input, `the field "${field.name}" (${field.widget}): no date offered,`);
  await input.click();
  const dialog = ctx.page.getByRole('dialog');
  await dialog.waitFor();
  const day = dialog.getByRole('button', { name: dayjs(String(value)).locale('es').format('D MMMM YYYY'), exact: true });
  const offered = dialog.locator('table button:not([disabled]):not([data-disabled])');
  let chosen = day.first();
  if ((await day.count()) === 0 || !(await chosen.isEnabled())) {
    chosen = offered.first();
    ctx.notes.push(`${field.label}: ${String(value)} is not offered, chose ${(await chosen.getAttribute('aria-label')) ?? 'the first date offered'}`);
  }
  // A field whose change sends an event, asked for the date it shows (a tour's second try after
  // the slots failed): tapped again, nothing changes and nothing is sent. Another date is taken.
  const other = offered.and(dialog.locator('button:not([data-selected])')).first();
  if (field.options.sends !== undefined && (await chosen.getAttribute('data-selected')) !== null && (await other.count()) > 0) {
    ctx.notes.push(`${field.label}: ${String(value)} is chosen already, chose ${(await other.getAttribute('aria-label')) ?? 'another date'} for the screen to send its event again`);
    chosen = other;
  }
  await chosen.click();
  const save = (field.options.buttons as { save?: string } | undefined)?.save;
  if (save) await dialog.getByRole('button', { name: save, exact: true }).click();
};

/** Photos of one document (`documentUpload`): one per item of the value, each waited for in the count. */
const uploadDocuments: FieldFiller = async (ctx, field, value) => {
  const items = Array.isArray(value) ? (value as Json[]) : [value as Json];
  const group = ctx.page.getByRole('group', { name: field.label, exact: true });
  const scope = (await group.count()) > 0 ? group : ctx.page;
  // A step met again keeps what was uploaded on it before (its draft): the old photos are taken
  // away first, as an agent would, so that the field holds the path's (one more would go over
  // its maxItems: a bill's photo, met again after the agreement failed).
  const held = scope.getByRole('button', { name: /^Quitar / });
  for (let left = await held.count(); left > 0; left -= 1) {
    await held.first().click();
    await held.nth(left - 1).waitFor({ state: 'detached', timeout: 10_000 });
  }
  const input = scope.locator('input[type=file]').first();
  const files = items.map((item) => join(FIXTURES, fixture(item?.fileName) ?? ANY_PHOTO));
  await input.setInputFiles(files);
  const count = files.length === 1 ? '1 archivo' : `${files.length} archivos`;
  await group.getByText(count, { exact: true }).waitFor({ timeout: 30_000 }).catch(() => {
    throw new NotDrivable(`the field "${field.name}" (${field.widget}): the upload did not finish`);
  });
};

/** The filler of each field widget, by the name step files give it (and rjsf's own). */
export const fieldFillers: Record<string, FieldFiller> = {
  text: typeText,
  email: typeText,
  password: typeText,
  textarea: typeText,
  updown: typeText,
  maskedInput: typeDigits,
  select: chooseTitle,
  radio: chooseRadio,
  checkbox: tick,
  checkboxes: tickEach,
  hidden: async () => undefined,
  pinInput: typeCode,
  providerSelect: chooseProviderRow,
  referenceSelect: chooseReferenceRow,
  journeySelect: chooseJourneyRow,
  datePicker: pickDate,
  timeSlots: chooseSlot,
  documentUpload: uploadDocuments,
};

/** The photo of the step (`fileCapture`): the seed's, else the data's file if there is one, else any photo. */
const takePhoto: FormFiller = async (ctx, data) => {
  const name = ctx.photo ?? fixture(data.fileName) ?? ANY_PHOTO;
  if (!ctx.photo && !fixture(data.fileName)) ctx.notes.push(`photo: no fixture named ${String(data.fileName)}, took ${ANY_PHOTO}`);
  await ctx.page.locator('input[type=file]').first().setInputFiles(join(FIXTURES, name));
  // Until the photo is uploaded, or the screen says why not.
  await ctx.page.getByText('Foto cargada').or(ctx.page.getByRole('alert')).first().waitFor({ timeout: 30_000 });
};

/** A signature drawn in the box (`signature`), waited for until uploaded. */
const drawSignature: FormFiller = async (ctx) => {
  const box = await ctx.page.getByLabel('Área de firma').boundingBox();
  if (!box) throw new NotDrivable('the signature has no drawing area on the screen');
  await ctx.page.mouse.move(box.x + 30, box.y + 40);
  await ctx.page.mouse.down();
  for (let i = 1; i <= 10; i++) await ctx.page.mouse.move(box.x + 30 + i * 20, box.y + 40 + (i % 2) * 30);
  await ctx.page.mouse.up();
  await ctx.page.getByText(/Firma cargada/).or(ctx.page.getByRole('alert')).first().waitFor({ timeout: 30_000 });
};

/**
 * The point on the map (`map`): the device put at the data's point and "Usar mi ubicación"
 * pressed, as an agent standing there would (no pixel of the map to aim at); then the device is
 * put back.
 */
const placePoint: FormFiller = async (ctx, data) => {
  const { latitude, longitude } = data as { latitude?: unknown; longitude?: unknown };
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return;
  await ctx.page.context().setGeolocation({ latitude, longitude });
  await ctx.page.getByRole('button', { name: 'Usar mi ubicación', exact: true }).click();
  await ctx.page.getByText(`Punto elegido: ${latitude.toFixed(5)}, ${longitude.toFixed(5)}`).waitFor({ timeout: 10_000 }).catch(() => {
    throw new NotDrivable(`the map did not take the point ${latitude}, ${longitude}`);
  });
  await ctx.page.context().setGeolocation(ctx.position);
};

/**
 * The first offer not chosen yet, on the tab of the path's offer, else on another tab (a
 * satellite sale offers no package: the path's example offer is the journey's, not the
 * provider's answer for this sale), noted.
 */
async function firstOfferLeft(ctx: DriveContext, wanted: string | undefined, tabs: Array<{ label: string }>): Promise<Locator | undefined> {
  for (const label of [wanted, ...tabs.map((t) => t.label).filter((l) => l !== wanted)]) {
    if (label !== undefined && tabs.length > 0) await ctx.page.getByRole('tab', { name: label, exact: true }).click();
    const button = ctx.page.getByRole('tabpanel').getByRole('button', { name: 'Elegir', exact: true }).first();
    if ((await button.count()) === 0) continue;
    ctx.notes.push(`offer: the path's offer is not on the screen, chose the first offer of ${label ?? 'the screen'}`);
    return button;
  }
  return undefined;
}

/**
 * An offer chosen (`offers`, the event it sends: `{planId, offer}`): on the tab of the offer's
 * type (the country file's tabs), the card of its name, else the first one not chosen yet; an
 * offer the replay chose before is tapped again (a toggle takes it back).
 */
const chooseOffer: FormFiller = async (ctx, event) => {
  const offer = (event.offer ?? {}) as { name?: string; type?: string };
  const planId = String(event.planId ?? '');
  const { offers } = JSON.parse(readFileSync(packPaths(ctx.country.toLowerCase()).countryFile, 'utf8')) as { offers?: { tabs?: Array<{ label: string; types: string[] }> } };
  const tab = offers?.tabs?.find((t) => t.types.includes(String(offer.type)));
  if (tab) await ctx.page.getByRole('tab', { name: tab.label, exact: true }).click();
  const panel = ctx.page.getByRole('tabpanel');
  const cards = panel.locator('.mantine-Card-root');
  const chosenBefore = await panel.getByRole('button', { name: 'Elegido' }).count();
  // The path's example may name the plan by its planId only: its name is the seed's.
  const name = ctx.chosenOffers.get(planId) ?? offer.name ?? seedOfferName(ctx.country, planId);
  const named = name ? cards.filter({ hasText: name }).getByRole('button', { name: /^Elegi(r|do)$/ }) : undefined;
  let button = named && (await named.count()) > 0 ? named.first() : undefined;
  if (!button) {
    button = await firstOfferLeft(ctx, tab?.label, offers?.tabs ?? []);
    if (!button) throw new NotDrivable(`offer: no offer left to choose for ${planId}, on any tab`);
  }
  const taking = (await button.innerText()).trim() === 'Elegir';
  const card = button.locator('xpath=ancestor::div[contains(@class, "mantine-Card-root")][1]');
  const cardName = (await card.innerText()).split('\n')[0]?.trim() ?? '';
  await button.click();
  if (taking) ctx.chosenOffers.set(planId, cardName);
  else ctx.chosenOffers.delete(planId);
  const until = Date.now() + 10_000;
  while ((await panel.getByRole('button', { name: 'Elegido' }).count()) === chosenBefore && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
};

/** The filler of each whole-form widget: given the step's data when its button is pressed. */
export const formFillers: Record<string, FormFiller> = {
  fileCapture: takePhoto,
  signature: drawSignature,
  map: placePoint,
  // The offers are chosen by the event each tap sends (formSenders); the button sends no data.
  offers: async () => undefined,
};

/** The whole-form widgets whose taps send a journey event (`ui:options.sends` at the root), given that event. */
export const formSenders: Record<string, FormFiller> = {
  offers: chooseOffer,
};
