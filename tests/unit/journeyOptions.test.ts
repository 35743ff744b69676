import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { splitJourneyOptions } from '../../src/screens/journeyOptions';

// What rjsf gets of a step's uiSchema: no key of the journey's, which its theme would spread onto
// Mantine's inputs (checkout's change-event object once replaced the select's onChange).
const uiOf = (step: string) => (JSON.parse(readFileSync(`schemas/steps/sv/${step}.json`, 'utf8')) as { uiSchema: Record<string, unknown> }).uiSchema;

describe('splitJourneyOptions', () => {
  it("keeps checkout's sends and from from rjsf and gives them to the fields by name", () => {
    const { ui, fieldOptions } = splitJourneyOptions(uiOf('checkout'));
    expect(ui).toEqual({
      'ui:order': ['monthsContract', 'activationCost'],
      monthsContract: { 'ui:widget': 'select' },
      activationCost: { 'ui:widget': 'updown', 'ui:disabled': true, 'ui:options': { money: true } },
    });
    expect(fieldOptions).toEqual({
      monthsContract: { sends: { event: 'checkout.months', as: 'months' } },
      activationCost: { from: '/context/sale/checkout/activationCost' },
    });
  });

  it("leaves the widget's own options to rjsf (a mask, a length), and takes the journey's", () => {
    const { ui, fieldOptions } = splitJourneyOptions(uiOf('idReview'));
    expect((ui.cliTelephone as Record<string, unknown>)['ui:options']).toEqual({ mask: '#### ####', prefix: '+503' });
    expect((ui.cliFirstName as Record<string, unknown>)['ui:options']).toEqual({ maxLength: 50 });
    expect(fieldOptions.cliFirstName).toEqual({ lock: true, from: '/context/sale/id/front/name' });
    expect(ui['ui:options']).toBeUndefined();
  });

  // A textarea's `rows` (its height in lines, a number) was taken as a journeySelect's rows (the
  // journey's data it lists) and never reached the textarea: the message for the installer lost the height its step file gives it.
  it("leaves a textarea's rows (its height) to rjsf, and takes a journeySelect's rows (the journey's data)", () => {
    const { ui, fieldOptions } = splitJourneyOptions({
      comments: { 'ui:widget': 'textarea', 'ui:options': { rows: 3, maxLength: 250 } },
      lead: { 'ui:widget': 'journeySelect', 'ui:options': { rows: { at: '/context/report/leads', value: 'id', label: '{id}' } } },
    });
    expect((ui.comments as Record<string, unknown>)['ui:options']).toEqual({ rows: 3, maxLength: 250 });
    expect(fieldOptions.comments).toBeUndefined();
    expect(fieldOptions.lead).toEqual({ rows: { at: '/context/report/leads', value: 'id', label: '{id}' } });
  });
});
