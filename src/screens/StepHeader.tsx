import { getAt } from '../pack/jsonPointer';
import type { StepFile } from '../pack/stepFile';
import { OutsideLinks } from './OutsideLinks';
import { Paragraph, ScreenHeading } from './screenChrome';

/**
 * The top of a step's screen: its heading and description, where a code was sent
 * (`ui:options.sentTo`), its paragraphs and links to pages outside the app (`onOpenLink` told
 * each click), and a word on the fields read from the document when some are still locked as read.
 */
export function StepHeader({
  step,
  sentTo,
  journeyData,
  someLocked,
  onOpenLink,
}: {
  step: StepFile;
  sentTo: string | undefined;
  journeyData: Record<string, unknown>;
  someLocked: boolean;
  onOpenLink?: ((track: string) => void) | undefined;
}) {
  const sentAt = sentTo === undefined ? undefined : getAt({ context: journeyData }, sentTo);
  return (
    <>
      <ScreenHeading>{step.title}</ScreenHeading>
      {step.description && <Paragraph>{step.description}</Paragraph>}
      {(typeof sentAt === 'string' || typeof sentAt === 'number') && sentAt !== '' && <Paragraph strong>{`Enviado a ${String(sentAt)}`}</Paragraph>}
      {step.text?.map((paragraph) => <Paragraph key={paragraph}>{paragraph}</Paragraph>)}
      <OutsideLinks links={step.links} onOpen={onOpenLink} />
      {someLocked && <Paragraph small>Datos leídos del documento: si alguno no coincide, edítalo.</Paragraph>}
    </>
  );
}
