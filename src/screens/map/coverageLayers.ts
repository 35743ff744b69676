import type { LayerViewProps } from './mapKit';

/**
 * How coverage is drawn: each node's area filled in its network type's colour (the
 * `networkType` property of each area the map's coverage call answers), with its border, so the agent sees where to put
 * the marker. Colours keep apart for the common kinds of colour blindness.
 */
export const NETWORK_COLOURS = { FTTH: '#1971c2', HFC: '#e8590c', DTH: '#7048e8' } as const;

/** The network types with their colour, best network first, for the legend. */
export const NETWORK_LEGEND = Object.entries(NETWORK_COLOURS).map(([type, colour]) => ({ type, colour }));

const colourByType = ['match', ['get', 'networkType'], 'FTTH', NETWORK_COLOURS.FTTH, 'DTH', NETWORK_COLOURS.DTH, NETWORK_COLOURS.HFC];

export const COVERAGE_SOURCE = 'coverage-areas';

export const coverageLayers: LayerViewProps[] = [
  { id: 'coverage-fill', type: 'fill', paint: { 'fill-color': colourByType, 'fill-opacity': 0.3 } },
  { id: 'coverage-outline', type: 'line', paint: { 'line-color': colourByType, 'line-width': 2 } },
];
