import { Badge, Button, Card, Group, Stack, Tabs, Text } from '@mantine/core';
import { currency, offers } from 'virtual:country';
import { formatMoney } from '../../engine/countryFile';
import type { FormWidgetProps } from './formWidget';

type Offer = {
  planId: string;
  name?: string;
  type?: string;
  addon?: boolean;
  priceList?: Array<{ value?: number }>;
  commercialEnrichmentsList?: Array<{ descriptions?: Array<{ key?: string; value?: string }> }>;
};

/** The country file's tabs, each holding the offers of its types. */
const TABS = offers.tabs;

const describe = (offer: Offer) =>
  offer.commercialEnrichmentsList?.[0]?.descriptions?.find((d) => d.key === 'shortDescription' || d.key === 'short-description')?.value;

/** The offers of the node by tab, priced in the country's currency; choosing a chosen offer again removes it (spec 4). */
export function OffersForm({ journeyData, send }: FormWidgetProps) {
  const sale = (journeyData.sale ?? {}) as { catalog?: unknown; selection?: Record<string, unknown> };
  const catalog = (Array.isArray(sale.catalog) ? sale.catalog : ((sale.catalog as { offers?: Offer[] } | undefined)?.offers ?? [])) as Offer[];
  const selected = sale.selection ?? {};
  return (
    <Tabs defaultValue={TABS[0]?.label ?? null}>
      <Tabs.List grow>
        {TABS.map((tab) => (
          <Tabs.Tab key={tab.label} value={tab.label}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {TABS.map((tab) => (
        <Tabs.Panel key={tab.label} value={tab.label} pt="sm">
          <Stack>
            {catalog
              .filter((offer) => tab.types.includes(String(offer.type)))
              .map((offer) => {
                const chosen = offer.planId in selected;
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
                        <Button size="sm" variant={chosen ? 'filled' : 'outline'} aria-pressed={chosen} onClick={() => send({ type: 'offer.toggle', planId: offer.planId, offer })}>
                          {chosen ? 'Elegido' : 'Elegir'}
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
