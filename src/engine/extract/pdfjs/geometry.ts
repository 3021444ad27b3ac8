// Geometry for the pdf.js extractor: matrices in pdf.js's convention, points, boxes, and
// the page bounds that every extracted coordinate is clamped to.

export type Matrix = [number, number, number, number, number, number];
export type Vec = [number, number];
export type Box = [number, number, number, number];

export interface Bounds {
  width: number;
  height: number;
}

/** Same convention as pdf.js Util.transform: m2 is applied first, then m1. */
export function multiply(m1: Matrix, m2: Matrix): Matrix {
  return [
    m1[0] * m2[0] + m1[2] * m2[1],
    m1[1] * m2[0] + m1[3] * m2[1],
    m1[0] * m2[2] + m1[2] * m2[3],
    m1[1] * m2[2] + m1[3] * m2[3],
    m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
    m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
  ];
}

export function apply(m: Matrix, x: number, y: number): Vec {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

export function toMatrix(value: unknown): Matrix | null {
  if (value === null || typeof value !== "object" || !("length" in value)) return null;
  const arr = Array.from(value as ArrayLike<unknown>);
  return arr.length === 6 && arr.every((v) => typeof v === "number" && Number.isFinite(v)) ? (arr as Matrix) : null;
}

export function dot(a: Vec, b: Vec): number {
  return a[0] * b[0] + a[1] * b[1];
}

export function emptyBox(): Box {
  return [Infinity, Infinity, -Infinity, -Infinity];
}

export function extendBox(box: Box, x: number, y: number): void {
  if (x < box[0]) box[0] = x;
  if (y < box[1]) box[1] = y;
  if (x > box[2]) box[2] = x;
  if (y > box[3]) box[3] = y;
}

export function intersects(box: Box, bounds: Bounds): boolean {
  return box[2] > 0 && box[3] > 0 && box[0] < bounds.width && box[1] < bounds.height;
}

export function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

export function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

/** A rectangle clamped to the page and rounded to 0.01 pt, or null when it lies wholly off
 *  the page: nothing there can be read, so a rule or link there marks nothing. */
export function clampToPage(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  bounds: Bounds,
): { x0: number; y0: number; x1: number; y1: number } | null {
  if (x1 < 0 || y1 < 0 || x0 > bounds.width || y0 > bounds.height) return null;
  return {
    x0: round2(clamp(x0, 0, bounds.width)),
    y0: round2(clamp(y0, 0, bounds.height)),
    x1: round2(clamp(x1, 0, bounds.width)),
    y1: round2(clamp(y1, 0, bounds.height)),
  };
}
