// What a table's figure reads as, asked by the aligned detector, the figure columns and the
// notes cut from figures (aligned_detector.ts, figure_column.ts, figure_notes.ts): a module of
// its own so that none of them imports another for it.

/** A figure: an amount, a count, a share, signed or in brackets, with its currency. */
export const FIGURE_CELL = /^[(\-−+]?\p{Sc}?\s?\d[\d.,\s]*%?\)?$/u;
