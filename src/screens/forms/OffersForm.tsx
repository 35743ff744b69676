import { Badge, Button, Card, Group, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { offers } from 'virtual:country';
import { getAt } from '../../pack/jsonPointer';
import { money } from '../money';
import type { FormWidgetProps } from './formWidget';

type Offer = {
  planId: string;
  name?: string;
  type?: string;
  addon?: boolean;
  priceList?: Array<{ value?: number }>;
  resourceList?: Array<{ type?: string; name?: string }>;
  commercialEnrichmentsList?: Array<{ descriptions?: Array<{ key?: string; value?: string }> }>;
  quantities?: Array<{ label?: string; value?: string }>;
};

/** The offer's commercial text under one of its keys (spec section 3), or none when empty. */
const enrichment = (offer: Offer, ...keys: string[]) =>
  offer.commercialEnrichmentsList?.[0]?.descriptions?.find((d) => keys.includes(String(d.key)) && typeof d.value === 'string' && d.value !== '')?.value;

/** What the offer takes off (its short discount text, else its discount resources' names). */
const discountOf = (offer: Offer) =>
  enrichment(offer, 'discount_short_description') ??
  (offer.resourceList ?? [])
    .filter((r) => r.type === 'discount' && r.name)
    .map((r) => r.name)
    .join(' · ');

/** The provider's logo of the offer; a logo that does not load is left out, not shown broken. */
function OfferLogo({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return <img src={src} alt="" width={40} height={40} loading="lazy" onError={() => setFailed(true)} />;
}

/** One offer: its logo, name, texts, discount and price, and the button that chooses it (or takes it back). */
function OfferCard({ offer, isChosen, choose }: { offer: Offer; isChosen: boolean; choose: () => void }) {
  const logo = enrichment(offer, 'logo');
  const description = enrichment(offer, 'shortDescription', 'short-description');
  const legalName = enrichment(offer, 'legal-name');
  const discount = discountOf(offer);
  const quantities = (offer.quantities ?? []).map((q) => `${q.label ?? ''}: ${q.value ?? ''}`).join(' · ');
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        {logo && <OfferLogo src={logo} />}
        <Stack gap={2} style={{ flex: 1 }}>
          <Text fw={600}>{offer.name}</Text>
          {description && <Text size="sm">{description}</Text>}
          {quantities && <Text size="sm">{quantities}</Text>}
          {legalName && <Text size="xs">{legalName}</Text>}
          {discount && (
            <Badge color="#1b5e20" variant="filled" style={{ whiteSpace: 'normal', height: 'auto', textTransform: 'none' }}>
              {discount}
            </Badge>
          )}
          {offer.addon && <Badge size="sm">Adicional</Badge>}
        </Stack>
        <Stack gap={4} align="flex-end">
          <Text fw={700}>{money(Number(offer.priceList?.[0]?.value ?? 0))}</Text>
          <Button size="sm" variant={isChosen ? 'filled' : 'outline'} aria-pressed={isChosen} onClick={choose}>
            {isChosen ? 'Elegido' : 'Elegir'}
          </Button>
        </Stack>
      </Group>
    </Card>
  );
}

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
  const offersOf = (tab: (typeof tabs)[number]) => catalog.filter((offer) => tab.types.includes(String(offer.type)));
  // The list opens on the first tab that has offers (a DTH sale has no bundle), until the agent
  // picks a tab; the offers may arrive after the screen is drawn, so it is worked out each time.
  const [picked, setPicked] = useState<string | null>(null);
  const opening = tabs.find((tab) => offersOf(tab).length > 0) ?? tabs[0];
  return (
    <Tabs value={picked ?? opening?.label ?? null} onChange={setPicked}>
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
            {offersOf(tab).map((offer) => (
              <OfferCard
                key={offer.planId}
                offer={offer}
                isChosen={offer.planId in selected}
                choose={() => typeof event === 'string' && send({ type: event, planId: offer.planId, offer })}
              />
            ))}
            {catalog.length > 0 && offersOf(tab).length === 0 && <Text c="dimmed">No hay ofertas de este tipo para esta dirección.</Text>}
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
