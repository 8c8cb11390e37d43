/**
 * Product descriptions (spec 2 §3 "Detail derivations"): markup is stripped to plain text, which
 * is split into bullet points on line breaks and bullet marks, including the '>' separator the
 * admin console writes between points (spec 3 §3). Nothing here ever becomes HTML: the page
 * renders the strings as React text.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  bull: '•',
  ndash: '–',
  mdash: '—',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  hellip: '…',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/** Markup out, entities still encoded: what is left of '<' and '>' is literal text. */
function removeTags(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|template|noscript)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n')
    .replace(/<\/(p|div|li|ul|ol|h[1-6]|tr|section|article|blockquote)\s*>/gi, '\n')
    .replace(/<\/?[a-z][^>]*>/gi, '');
}

/**
 * Markup to plain text: block ends and <br> become line breaks, <li> starts a line, script and style
 * elements go with their content, every other tag goes, entities are decoded last (so an escaped
 * '&lt;b&gt;' stays visible text).
 */
export function stripMarkup(html: string): string {
  return decodeEntities(removeTags(html)).replace(/\r\n?/g, '\n');
}

export interface DescriptionParts {
  /** The whole description as one paragraph of text. */
  text: string;
  /** Its bullet points, when it has more than one. */
  list: string[];
}

/**
 * Splits on line breaks and bullet marks: • ● ◦ ▪ ■ ► ➤ and the admin's '>' anywhere (a literal one
 * left after the tags are gone; an escaped '&gt;' stays text); '-' and '*' only where they start a
 * line (so '2-piece' stays whole).
 */
export function splitDescription(description: string | null | undefined): DescriptionParts {
  const text = decodeEntities(removeTags(description ?? '').replace(/>/g, '\n')).replace(/\r\n?/g, '\n');
  const list = text
    .split(/\n|[•●◦▪■►➤]/)
    .map((line) => line.replace(/^\s*[-*]\s+/, '').replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0);
  return { text: list.join(' '), list: list.length > 1 ? list : [] };
}
