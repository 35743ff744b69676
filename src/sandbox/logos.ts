/**
 * The offers' logos (spec section 3: `commercialEnrichmentsList` key `logo`, a path such as
 * `/logos/triple-play.svg`), as the provider's image host would serve them: the sandbox draws
 * each one, a rounded square in a colour of its own with the plan family's initials, so that a
 * catalogue's logos show without any outside server.
 */

/** Colours dark enough for white initials (WCAG AA, 4.5:1 and more). */
const COLOURS = ['#1c5d99', '#2b6e3f', '#8a3b12', '#5b3a8c', '#7a2f4e', '#245a5a', '#6b4f10'];

/** The logo's file name (`triple-play-fibra.svg`): letters, digits and dashes only. */
const NAME = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;

/** The SVG of a logo by its file name, or undefined for a name that is no logo's. */
export function logoSvg(fileName: string): string | undefined {
  const name = NAME.exec(fileName)?.[1];
  if (!name) return undefined;
  const words = name.split('-');
  const initials = words
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
  const hue = [...name].reduce((sum, c) => sum + c.charCodeAt(0), 0) % COLOURS.length;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40" role="img">',
    `<rect width="40" height="40" rx="8" fill="${COLOURS[hue]}"/>`,
    `<text x="20" y="25" text-anchor="middle" font-family="sans-serif" font-size="14" font-weight="700" fill="#fff">${initials}</text>`,
    '</svg>',
  ].join('');
}
