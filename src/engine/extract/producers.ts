// What a document's producer (the Info dictionary's /Producer) tells layout. Producers that
// never hyphenate a word at a line's end break lines only at the spaces and hyphens of the
// text, so a hyphen there is the text's ("hull-" | "monitoring" is "hull-monitoring"), where a
// typesetter's is usually one it added ("indus-" | "try").

/** Chromium's print (Skia/PDF: Chrome, Edge, Electron apps, Google Docs' export), and
 *  wkhtmltopdf's Qt: neither hyphenates unless a page asks for it and a dictionary is at hand. */
const NON_HYPHENATING_PRODUCER = /^(?:Skia\/PDF\b|Qt \d|wkhtmltopdf)/i;

/** Whether the producer may have hyphenated words at line ends: true unless it is one known
 *  not to (an unknown or missing producer may). */
export function producerHyphenates(producer: string | undefined): boolean {
  return producer === undefined || !NON_HYPHENATING_PRODUCER.test(producer.trim());
}
