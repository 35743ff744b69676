import { Badge, Button, Card, Group, Stack, Tabs, Text } from '@mantine/core';
import { currency, offers } from 'virtual:country';
import { formatMoney } from '../../engine/countryFile';
import { getAt } from '../../engine/jsonPointer';
import type { FormWidgetProps } from './formWidget';

type Offer = {
  planId: string;
  name?: string;
  type?: string;
  addon?: boolean;
  priceList?: Array<{ value?: number }>;
  commercialEnrichmentsList?: Array<{ descriptions?: Array<{ key?: string; value?: string }> }>;
};

const describe = (offer: Offer) =>
  offer.commercialEnrichmentsList?.[0]?.descriptions?.find((d) => d.key === 'shortDescription' || d.key === 'short-description')?.value;

/**
 * The offers of the node by the country file's tabs, from the journey's data (`ui:options`:
 * `from`, the chosen ones at `selected`), priced in the country's currency; a tap sends `sends.event` with the
 * offer, and choosing a chosen offer again removes it (spec 4).
 */
export function OffersForm({ journeyData, send, options }: FormWidgetProps) {
  const tabs = offers.tabs;
  const found = typeof options.from === 'string' ? getAt({ context: journeyData }, options.from) : undefined;
  const catalog = (Array.isArray(found) ? found : ((found as { offers?: Offer[] } | undefined)?.offers ?? [])) as Offer[];
  const chosen = typeof options.selected === 'string' ? getAt({ context: journeyData }, options.selected) : undefined;
  const selected = (chosen && typeof chosen === 'object' ? chosen : {}) as Record<string, unknown>;
  const event = (options.sends as { event?: unknown } | undefined)?.event;
  return (
    <Tabs defaultValue={tabs[0]?.label ?? null}>
      <Tabs.List grow>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.label} value={tab.label}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.label} value={tab.label} pt="sm">
          <Stack>
            {catalog
              .filter((offer) => tab.types.includes(String(offer.type)))
              .map((offer) => {
                const isChosen = offer.planId in selected;
                return (
                  <Card key={offer.planId} withBorder padding="sm">
                    <Group justify="space-between" wrap="nowrap">
                      <Stack gap={2}>
                        <Text fw={600}>{offer.name}</Text>
                        {describe(offer) && <Text size="sm">{describe(offer)}</Text>}
                        {offer.addon && <Badge size="sm">Adicional</Badge>}
                      </Stack>
                      <Stack gap={4} align="flex-end">
                        <Text fw={700}>{formatMoney(currency, Number(offer.priceList?.[0]?.value ?? 0))}</Text>
                        <Button
                          size="sm"
                          variant={isChosen ? 'filled' : 'outline'}
                          aria-pressed={isChosen}
                          onClick={() => typeof event === 'string' && send({ type: event, planId: offer.planId, offer })}
                        >
                          {isChosen ? 'Elegido' : 'Elegir'}
                        </Button>
                      </Stack>
                    </Group>
                  </Card>
                );
              })}
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
