/**
 * What every document fixture says, whatever its format: tests look for these strings in the
 * Markdown each format becomes.
 */
export const documentContent = {
  title: 'Trawl fixture report',
  author: 'Ada Fixture',
  heading: 'Quarterly findings',
  subheading: 'Price table',
  paragraph: 'Documents from the fixture site keep their structure on the way to Markdown.',
  items: ['First finding about harbours', 'Second finding about lighthouses'],
  link: { text: 'the fixture source', href: 'https://example.com/source' },
  table: [
    ['Name', 'Price', 'Qty'],
    ['Anchor', '12.50', '3'],
    ['Rope', '4.00', '10'],
  ],
  secondHeading: 'Method',
  secondParagraph: 'The second page explains the method in one short paragraph.',
  imageAlt: 'A lighthouse at dusk',
} as const;
