// Captions of floats: the line that names a figure, a table or a listing by its number
// ("Figure 2.", "Table 1:", "Fig. 3 –"). One pattern for each use, from one word list.

/** Words that name a figure: what is drawn, captioned below it. */
const FIGURE_WORDS = String.raw`Figure|Fig\.|Scheme|Chart|Diagram|Illustration|Abbildung|Abb\.|Figura`;
/** Words that name the other floats: tables put their captions above, listings either side. */
const OTHER_FLOAT_WORDS = String.raw`Table|Tab\.|Tabelle|Listing|Algorithm`;
/** The float's number ("2", "A1", "3.2") and what follows it: a stop, a colon, a dash, a space or nothing. */
const NUMBERED = String.raw`\s+[A-Z]?\d+(?:\.\d+)*(?:[.:\s–—-]|$)`;

/** A figure's caption: set below the figure, so its labels come before it in reading order. */
export const FIGURE_CAPTION = new RegExp(`^(?:${FIGURE_WORDS})${NUMBERED}`, "i");

/** The caption of any float: a figure, a table or a listing. */
export const FLOAT_CAPTION = new RegExp(`^(?:${FIGURE_WORDS}|${OTHER_FLOAT_WORDS})${NUMBERED}`, "i");

/** A caption's label and number starting a paragraph, as the text is rendered: a bold label
 *  ("**Figure 2.**") and a roman number ("TABLE IV", IEEE's tables) count too. The label is
 *  capitalised or in capitals: "figure 3" in small letters goes on a sentence. */
export const CAPTION_LABEL_START = new RegExp(
  `^(?:\\*\\*)?(?:${capitalisedOrCapitals(`${FIGURE_WORDS}|${OTHER_FLOAT_WORDS}`)})\\s*(?:[A-Z]?\\d|[IVX]+\\b)`,
  "u",
);

function capitalisedOrCapitals(words: string): string {
  return words.split("|").flatMap((word) => [word, word.toUpperCase()]).join("|");
}
