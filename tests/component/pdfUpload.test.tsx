// @vitest-environment jsdom
/**
 * Issue 34: a document step whose `accept` takes PDFs (the test country zk's business documents):
 * a PDF goes as it is and shows as its icon and name; a file that is neither an image nor a PDF,
 * a page named .pdf (its bytes are not a PDF's) and a PDF over the step's limit are refused with
 * their Spanish message, nothing goes to the provider, and what was typed on the step stays.
 */
import './jsdomShims';
import { MantineProvider } from '@mantine/core';
import validator from '@rjsf/validator-ajv8';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallInput } from '../../src/api/callOperation';
import type { StepFile } from '../../src/pack/stepFile';
import { StepForm, withDefaults } from '../../src/screens/rjsf/StepForm';
import { LoadedStepScreen } from '../../src/screens/StepScreen';
import type { WidgetCaller } from '../../src/screens/stepFormContext';
import { fieldWidgets } from '../../src/screens/widgets/index';

afterEach(cleanup);

const step = JSON.parse(readFileSync('tests/fixtures/packs/zk/schemas/steps/zk/zkDocumentos.json', 'utf8')) as StepFile;
const pdfBytes = readFileSync('tests/fixtures/documents/patente.pdf');
const file = (bytes: Uint8Array | string, name: string, type: string) => new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type });

/** The step as the app shows it, its upload answered as the provider does; what was sent is kept. */
async function showDocuments() {
  const sent: Array<{ operationId: string; input: CallInput | undefined }> = [];
  const call: WidgetCaller = (operationId, input) => {
    sent.push({ operationId, input });
    return Promise.resolve({ ok: true, data: { Payload: { fileName: `upload-${sent.length}.pdf`, imageUrl: `/uploads/upload-${sent.length}.pdf` } } });
  };
  const documentUpload = await (fieldWidgets.documentUpload as () => Promise<unknown>)();
  render(
    <MantineProvider env="test">
      <LoadedStepScreen
        stepName={step.step}
        loaded={{ step, validator, form: { Form: StepForm, widgets: { documentUpload } as never, withDefaults } }}
        saved={undefined}
        busy={false}
        call={call}
        journeyData={{}}
        send={() => undefined}
      />
    </MantineProvider>,
  );
  const user = userEvent.setup({ delay: null, applyAccept: false });
  const group = await screen.findByRole('group', { name: 'Patente de comercio' });
  const input = group.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  await user.type(screen.getByRole('textbox', { name: /Nombre del negocio/ }), 'Tienda Zeta');
  return { sent, user, group, input };
}

describe('a document step that takes photos and PDFs', () => {
  it('sends a PDF as it is, as application/pdf, and shows it by its icon and name, not as an image', async () => {
    const { sent, user, group, input } = await showDocuments();
    expect(input.accept).toBe('image/*,application/pdf');
    // A phone may not type a PDF: its bytes say what it is.
    await user.upload(input, file(pdfBytes, 'patente-acta.pdf', ''));
    await within(group).findByText('1 archivo');
    expect(within(group).getByText('patente-acta.pdf')).toBeTruthy();
    expect(within(group).getByText(/^Documento PDF · /)).toBeTruthy();
    expect(group.querySelector('svg[data-file-icon="pdf"]')).not.toBeNull();
    expect(within(group).queryAllByRole('img')).toEqual([]);
    expect(sent).toHaveLength(1);
    const [upload] = (sent[0]?.input as { files: Array<{ blob: Blob; name: string }> }).files;
    expect(upload?.name).toBe('patente-acta.pdf');
    expect(upload?.blob.type).toBe('application/pdf');
    expect(upload?.blob.size).toBe(pdfBytes.length);
  });

  it.each([
    ['a text file', file('Notas de la visita', 'notas.txt', 'text/plain'), 'El archivo debe ser una imagen o un PDF.'],
    ['a page named .pdf and typed application/pdf', file('<!doctype html><html><body>hola</body></html>', 'recibo.pdf', 'application/pdf'), 'El archivo debe ser una imagen o un PDF.'],
    ['a PDF over the step\'s 512 kB', file(new Uint8Array([...pdfBytes, ...new Uint8Array(600 * 1024)]), 'rtu.pdf', 'application/pdf'), 'El PDF pesa 601 kB y el máximo es 512 kB: elige uno más liviano o toma una foto del documento.'],
  ])('refuses %s at the field, sends nothing, and keeps what was typed and uploaded', async (_, refused, message) => {
    const { sent, user, group, input } = await showDocuments();
    await user.upload(input, file(pdfBytes, 'patente.pdf', 'application/pdf'));
    await within(group).findByText('1 archivo');
    await user.upload(input, refused);
    expect(await within(group).findByText(message)).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(within(group).getByText('1 archivo')).toBeTruthy();
    expect(within(group).getByText('patente.pdf')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Nombre del negocio/ }).value).toBe('Tienda Zeta');
    // The field keeps working: the next good file goes, and the message goes away.
    await user.upload(input, file(pdfBytes, 'rtu.pdf', 'application/pdf'));
    await within(group).findByText('2 archivos');
    expect(within(group).queryByText(message)).toBeNull();
  });
});
