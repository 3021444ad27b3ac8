// The shapes reading order works on: any item with a box (lines, tables), and the groups it
// returns. Their own module because both implementations of reading order share them: the
// TypeScript reference (reading_order.ts) and the compiled kernels' decoder (kernel.ts).

/** A rectangle in page space: PDF points, origin top-left, y grows downwards. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OrderedGroup<T extends Box> {
  items: T[];
  /** Number of side-by-side columns in the band this group came from (1 = full width). */
  columns: number;
}
