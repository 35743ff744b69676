import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { stepValidatorModule } from '../../../src/build/compileSteps';
import { validateStepData } from '../../../src/screens/stepValidator';
import { formatMessages } from '../../../src/validation/formats';

// A birth date asked in three fields (Honduras's ID review, spec 5): day at most 31 with two
// digits, year of four digits and at most 2019, the three a real date, the holder 18 or older.
// The same rules run in Node and in the precompiled browser validator.
const step = {
  schema: {
    type: 'object',
    required: ['birthDate', 'birthMonth', 'birthYear'],
    properties: {
      birthDate: { type: 'string', pattern: '^(0[1-9]|[12][0-9]|3[01])$', dateWith: { month: 'birthMonth', year: 'birthYear', format: 'date-dmy' } },
      birthMonth: { type: 'string', pattern: '^(0[1-9]|1[0-2])$' },
      birthYear: { type: 'string', pattern: '^(19[0-9]{2}|200[0-9]|201[0-9])$', dateWith: { day: 'birthDate', month: 'birthMonth', format: 'adult-birth-date', after: 'date-dmy' } },
    },
  },
  messages: { '/birthDate': { pattern: 'Día inválido' }, '/birthYear': { pattern: 'Año inválido' } },
};

const today = new Date();
const pad = (n: number) => String(n).padStart(2, '0');
/** The date `years` years before today, minus `days` days, as three fields. */
function yearsAgo(years: number, days = 0) {
  const d = new Date(today.getFullYear() - years, today.getMonth(), today.getDate() - days);
  return { birthDate: pad(d.getDate()), birthMonth: pad(d.getMonth() + 1), birthYear: String(d.getFullYear()) };
}

const rows: Array<[string, Record<string, string>, Array<{ pointer: string; message: string }>]> = [
  ['a real date of an adult', { birthDate: '15', birthMonth: '03', birthYear: '1990' }, []],
  ['day 31 in a month of 31', { birthDate: '31', birthMonth: '01', birthYear: '1990' }, []],
  ['day 32', { birthDate: '32', birthMonth: '01', birthYear: '1990' }, [{ pointer: '/birthDate', message: 'Día inválido' }]],
  ['a day of one digit', { birthDate: '5', birthMonth: '01', birthYear: '1990' }, [{ pointer: '/birthDate', message: 'Día inválido' }]],
  ['31 April, a day that does not exist', { birthDate: '31', birthMonth: '04', birthYear: '1990' }, [{ pointer: '/birthDate', message: formatMessages['date-dmy'] as string }]],
  ['29 February of a leap year', { birthDate: '29', birthMonth: '02', birthYear: '2000' }, []],
  ['29 February of a common year', { birthDate: '29', birthMonth: '02', birthYear: '1999' }, [{ pointer: '/birthDate', message: formatMessages['date-dmy'] as string }]],
  ['year 2020, after the spec\'s 2019', { birthDate: '01', birthMonth: '01', birthYear: '2020' }, [{ pointer: '/birthYear', message: 'Año inválido' }]],
  ['a year of three digits', { birthDate: '01', birthMonth: '01', birthYear: '990' }, [{ pointer: '/birthYear', message: 'Año inválido' }]],
  ['18 today', yearsAgo(18), []],
  ['18 tomorrow', yearsAgo(18, -1), [{ pointer: '/birthYear', message: 'El cliente debe ser mayor de 18 años' }]],
];

describe('a birth date in three fields (dateWith)', () => {
  it.each(rows)('%s', (_name, data, problems) => {
    // 18 tomorrow is only under 2019 while today is before 2038: keep the row meaningful.
    expect(validateStepData(step, data)).toEqual(problems);
  });

  it('says the same precompiled, as the browser runs it', async () => {
    // Where a country's generated validators are, so that its imports of the rules resolve.
    mkdirSync('src/screens/generated/steps/test-dateWith', { recursive: true });
    writeFileSync('src/screens/generated/steps/test-dateWith/validator.js', stepValidatorModule(step.schema));
    const file = pathToFileURL(resolve('src/screens/generated/steps/test-dateWith/validator.js')).href;
    const module = (await import(/* @vite-ignore */ file)) as { default: never };
    const precompiled = createPrecompiledValidator(module.default, step.schema as never);
    for (const [, data, problems] of rows) expect(validateStepData(step, data, precompiled)).toEqual(problems);
  });

  it('waits for every part before checking them together', () => {
    expect(validateStepData(step, { birthDate: '31', birthMonth: '04' })).toEqual([{ pointer: '/birthYear', message: 'Campo requerido' }]);
  });
});
