import { Badge, Button, Card, Group, Stack, Tabs, Text } from '@mantine/core';
import type { FormWidgetProps } from './formWidget';

type Offer = {
  planId: string;
  name?: string;
  type?: string;
  addon?: boolean;
  priceList?: Array<{ value?: number }>;
  commercialEnrichmentsList?: Array<{ descriptions?: Array<{ key?: string; value?: string }> }>;
};

const TABS: Array<{ value: string; label: string; types: string[] }> = [
  { value: 'PAQUETE', label: 'PAQUETE', types: ['Bundle'] },
  { value: 'TV', label: 'TV', types: ['Single tv', 'Single DTH'] },
  { value: 'INTERNET', label: 'INTERNET', types: ['Single internet'] },
];

const describe = (offer: Offer) =>
  offer.commercialEnrichmentsList?.[0]?.descriptions?.find((d) => d.key === 'shortDescription' || d.key === 'short-description')?.value;

/** The offers of the node by tab, with USD prices; choosing a chosen offer again removes it (spec 4). */
export function OffersForm({ journeyData, send }: FormWidgetProps) {
  const sale = (journeyData.sale ?? {}) as { catalog?: unknown; selection?: Record<string, unknown> };
  const catalog = (Array.isArray(sale.catalog) ? sale.catalog : ((sale.catalog as { offers?: Offer[] } | undefined)?.offers ?? [])) as Offer[];
  const selected = sale.selection ?? {};
  return (
    <Tabs defaultValue="PAQUETE">
      <Tabs.List grow>
        {TABS.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {TABS.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="sm">
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
                        <Text fw={700}>{`$${Number(offer.priceList?.[0]?.value ?? 0).toFixed(2)}`}</Text>
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
