/**
 * The studio's header: the journey chosen, its problem count, the search over its states, the
 * whole journey brought back into view, following the live app, and where the live app is.
 */
import { Badge, Button, Group, Select, Switch, Text, TextInput, Title } from '@mantine/core';
import type { StudioJourney } from '../studioProtocol';

export interface StudioHeaderProps {
  countries: string[] | undefined;
  country: string;
  onCountry: (country: string | null) => void;
  journey: StudioJourney | undefined;
  search: string;
  onSearch: (words: string) => void;
  /** How many states the search finds; Enter brings them into view (`onFind`). */
  found: number;
  onFind: () => void;
  onWhole: () => void;
  follow: boolean;
  onFollow: (follow: boolean) => void;
  /** Where the live app is, in words. */
  live: string;
}

export function StudioHeader({ countries, country, onCountry, journey, search, onSearch, found, onFind, onWhole, follow, onFollow, live }: StudioHeaderProps) {
  const problems = journey?.problems.length ?? 0;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group wrap="nowrap">
        <Title order={3}>Journey studio</Title>
        <Select aria-label="Journey" data={countries?.includes(country) ? countries : [...(countries ?? []), country]} value={country} onChange={onCountry} allowDeselect={false} w={100} />
        {journey && (
          <Badge color={problems > 0 ? 'red' : 'green'} data-testid="problem-count">
            {problems === 0 ? 'no problems' : `${problems} problem${problems === 1 ? '' : 's'}`}
          </Badge>
        )}
        <TextInput
          aria-label="Search states"
          placeholder="Search states, routes, screens"
          value={search}
          onChange={(e) => onSearch(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && found > 0) onFind();
          }}
          rightSection={
            search ? (
              <Text size="xs" c="dimmed" data-testid="search-count">
                {found}
              </Text>
            ) : null
          }
          w={260}
        />
        <Button variant="default" size="sm" onClick={onWhole}>
          Whole journey
        </Button>
        <Switch label="Follow the live app" checked={follow} onChange={(e) => onFollow(e.currentTarget.checked)} />
      </Group>
      <Text size="sm" c="dimmed" truncate maw={320}>
        {live}
      </Text>
    </Group>
  );
}
