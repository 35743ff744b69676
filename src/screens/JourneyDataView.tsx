import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { money } from './money';
import { rowText } from './rowText';

type Row = Record<string, unknown>;

/** The words a lead's status is shown with (spec 4: COMPLETE → Completado, ...; others as they are). */
function statusText(status: unknown, labels: Record<string, string>): string {
  return labels[String(status)] ?? String(status ?? '');
}

const personName = (row: Row) =>
  [row.cliFirstName, row.cliSecondName, row.cliFirstLastName, row.cliSecondLastName].filter((v) => typeof v === 'string' && v !== '').join(' ');

/** The event each row's button sends with the row's id (the sales report's "Ver detalle"), and its label. */
type RowEvent = { label: string; event: string };
type Send = (event: { type: string } & Record<string, unknown>) => void;

/** One row of a list: its title and detail (`rowTitle`, `rowDetail`), its status, and the row's button. */
function DataRow({ row, options, labels, rowEvent, send }: { row: Row; options: Record<string, unknown>; labels: Record<string, string>; rowEvent: RowEvent | undefined; send: Send }) {
  return (
    <Card withBorder padding="sm" data-testid="row">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600}>{typeof options.rowTitle === 'string' ? rowText(options.rowTitle, row, money) : personName(row) || String(row.name ?? row.title ?? row.id ?? '')}</Text>
          {typeof options.rowDetail === 'string' ? <Text size="sm">{rowText(options.rowDetail, row, money)}</Text> : row.id !== undefined && <Text size="sm">{String(row.id)}</Text>}
        </Stack>
        <Stack gap={4} align="flex-end">
          {row.status !== undefined && <Badge>{statusText(row.status, labels)}</Badge>}
          {rowEvent && row.id !== undefined && (
            <Button size="sm" variant="light" onClick={() => send({ type: rowEvent.event, id: row.id })}>
              {rowEvent.label}
            </Button>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** One record (a lead): the person's name, the request's number and its status. */
function RecordCard({ row, labels }: { row: Row; labels: Record<string, string> }) {
  return (
    <Card withBorder padding="sm">
      <Stack gap={4}>
        {personName(row) && <Text fw={600}>{personName(row)}</Text>}
        {row.id !== undefined && <Text>{`Solicitud ${String(row.id)}`}</Text>}
        {row.status !== undefined && <Badge>{statusText(row.status, labels)}</Badge>}
      </Stack>
    </Card>
  );
}

/**
 * What a step shows rather than asks (`ui:options.from` at the root of its uiSchema): a list of
 * leads with their status and a button to open each (or any rows, written by `rowTitle` and
 * `rowDetail`), one lead, a chosen package, an order number, an amount (`money`).
 */
export function JourneyDataView({
  data,
  options,
  rowEvent,
  send,
}: {
  data: unknown;
  options: Record<string, unknown>;
  /** The event each row's button sends with the row's id (the step file's `rowEvent`: the sales report's "Ver detalle"). */
  rowEvent?: RowEvent | undefined;
  send: Send;
}) {
  const labels = (options.statusLabels ?? {}) as Record<string, string>;
  if (data === undefined || data === null || (Array.isArray(data) && data.length === 0)) {
    return <Text>{typeof options.emptyText === 'string' ? options.emptyText : ''}</Text>;
  }
  if (Array.isArray(data)) {
    return (
      <Stack gap="sm">
        {data.map((item, i) => {
          const row = (item ?? {}) as Row;
          return <DataRow key={String(row.id ?? i)} row={row} options={options} labels={labels} rowEvent={rowEvent} send={send} />;
        })}
      </Stack>
    );
  }
  if (typeof data === 'object') {
    const row = data as Row;
    const offers = Object.values(row).every((v) => v && typeof v === 'object' && 'planId' in (v as Row));
    if (offers) {
      return <JourneyDataView data={Object.values(row)} options={options} send={send} />;
    }
    return <RecordCard row={row} labels={labels} />;
  }
  return (
    <Text>
      {typeof options.label === 'string' ? `${options.label}: ` : ''}
      <strong>{options.money === true && typeof data === 'number' ? money(data) : String(data)}</strong>
    </Text>
  );
}

/** One line a screen shows from the journey's data under its list (`ui:options.lines`). */
export interface SummaryLine {
  label: string;
  from: string;
  money?: boolean;
  /** The value is an object, written by this template (`rowText`). */
  text?: string;
  /** Words for the values: "M" → "Masculino". */
  labels?: Record<string, string>;
  /**
   * The value is a code or a list of codes, each written by the row of another list of the
   * journey's data that holds it (`at`, the list; `key`, the row's key holding the code; `text`,
   * how the row is written): the add-ons chosen by code, written with their names and prices.
   */
  rows?: { at: string; key: string; text: string };
}

/** What a line shows of its value, or nothing when the journey does not hold it. */
function lineText(line: SummaryLine, value: unknown, read: (pointer: string) => unknown): string {
  if (line.rows !== undefined) return namedRows(line.rows, value, read);
  if (line.text !== undefined) return value !== null && typeof value === 'object' && !Array.isArray(value) ? rowText(line.text, value as Row, money) : '';
  if (typeof value === 'number') return line.money === true ? money(value) : String(line.labels?.[String(value)] ?? value);
  return typeof value === 'string' ? (line.labels?.[value] ?? value) : '';
}

/** Codes written by the rows that hold them, joined by commas; a code no row holds is written as it is. */
function namedRows(spec: NonNullable<SummaryLine['rows']>, value: unknown, read: (pointer: string) => unknown): string {
  const codes = (Array.isArray(value) ? value : [value]).filter((code) => typeof code === 'string' || typeof code === 'number');
  const listed = read(spec.at);
  const rows = (Array.isArray(listed) ? listed : []).filter((row): row is Row => row !== null && typeof row === 'object');
  return codes
    .map((code) => {
      const row = rows.find((candidate) => String(candidate[spec.key]) === String(code));
      return row ? rowText(spec.text, row, money) : String(code);
    })
    .join(', ');
}

/**
 * Values the customer should see before agreeing (the installation charge, the months of
 * contract) or the agent reads of a lead (birth date, phones, references), each as
 * "label: value"; a value the journey does not hold is left out.
 */
export function SummaryLines({ lines, read }: { lines: SummaryLine[]; read: (pointer: string) => unknown }) {
  const shown = lines.map((line) => ({ line, text: lineText(line, read(line.from), read) })).filter(({ text }) => text !== '');
  if (shown.length === 0) return null;
  return (
    <Stack gap={2}>
      {shown.map(({ line, text }) => (
        <Text key={`${line.label}-${line.from}`}>
          {`${line.label}: `}
          <strong>{text}</strong>
        </Text>
      ))}
    </Stack>
  );
}
