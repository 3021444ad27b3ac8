// Spreadsheet heads over figures: a header line's piece set in the gutter after a column of
// text, before a column of figures, when the line's previous piece already heads that text
// column.
//
// Calc and Excel set a text cell flush left and a figure flush right, so in cells of one width
// a month's head ("Jan") starts where its cell starts, right after the names of the column
// before ("A. Novak"), and ends a cell's width left of its figures ("2,212"). The gutter test
// of aligned_detector's placeSpanning gives such a piece to the text column when it is nearer
// it (a head centred over a text column past its short cells, camelot-mexican_towns' "Nombre
// Municipio"). But when the piece before it in the same line already heads that text column
// ("Manager" over "A. Novak"), two heads cannot share it, and the line had been dropped as
// no header at all: every head of the sheet came out as a heading of its own.

/**
 * Whether a header piece in the gutter before column `column` follows a piece of its line that
 * heads the column before it (`previousLast`, the last column the previous piece spans), so it
 * can head only `column`.
 */
export function headsAfterHeadedText(previousLast: number, column: number): boolean {
  return previousLast === column - 1;
}
