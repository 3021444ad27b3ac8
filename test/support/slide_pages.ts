// Slides drawn for the tests of a slide's rules (slide_phrases.ts, block_titles.ts, the ball's
// number in vector_bullets.ts, the sidebar's abstention in slide_bands.ts): lines of Helvetica
// (bold or Courier where asked) at given places, filled rectangles and balls, on a page of a
// given size (a beamer slide's 362.8 × 272.1 pt unless told). A bullet "•" is written as
// WinAnsi's byte 0x95.
import { mupdf } from "../../src/engine/extract/mupdf_runtime.js";

export interface SlideLine {
  /** Pieces of the line, one after another: each its own text run, in its own face. */
  pieces: readonly { text: string; bold?: boolean; mono?: boolean; /** Points of room after the piece (a TJ shift). */ after?: number }[];
  size: number;
  /** Left edge. */
  x: number;
  /** Baseline, PDF points from the top. */
  y: number;
}

export interface SlideShape {
  /** A filled rectangle, top-left corner and size, points from the top; a ball (a filled
   *  circle); or a picture (a one-pixel grey inline image scaled to the box: Verona's shadow strips). */
  kind: "rect" | "ball" | "image";
  x: number;
  y: number;
  w: number;
  h: number;
  /** Grey level of the fill, 0 black to 1 white. */
  grey?: number;
}

export const BEAMER_WIDTH = 362.8;
export const BEAMER_HEIGHT = 272.1;

/** One page with `shapes` drawn under `lines`. */
export function slidePage(lines: readonly SlideLine[], shapes: readonly SlideShape[] = [], width = BEAMER_WIDTH, height = BEAMER_HEIGHT): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const faces = { F1: new mupdf.Font("Helvetica"), F2: new mupdf.Font("Helvetica-Bold"), F3: new mupdf.Font("Courier") };
  const resources = doc.addObject({ Font: { F1: doc.addSimpleFont(faces.F1, "Latin"), F2: doc.addSimpleFont(faces.F2, "Latin"), F3: doc.addSimpleFont(faces.F3, "Latin") } });
  let content = "";
  for (const s of shapes) {
    content += `${(s.grey ?? 0.6).toFixed(2)} g\n`;
    const y = height - s.y - s.h;
    if (s.kind === "rect") content += `${s.x} ${y} ${s.w} ${s.h} re f\n`;
    else if (s.kind === "image") content += `q ${s.w} 0 0 ${s.h} ${s.x} ${y} cm BI /W 1 /H 1 /CS /G /BPC 8 /F /AHx ID ${Math.round((s.grey ?? 0.6) * 255).toString(16).padStart(2, "0")}> EI Q\n`;
    else {
      // A circle of four Bézier quarters (k = 0.5523).
      const r = s.w / 2;
      const cx = s.x + r;
      const cy = y + r;
      const k = 0.5523 * r;
      content += `${cx + r} ${cy} m ${cx + r} ${cy + k} ${cx + k} ${cy + r} ${cx} ${cy + r} c ${cx - k} ${cy + r} ${cx - r} ${cy + k} ${cx - r} ${cy} c ${cx - r} ${cy - k} ${cx - k} ${cy - r} ${cx} ${cy - r} c ${cx + k} ${cy - r} ${cx + r} ${cy - k} ${cx + r} ${cy} c f\n`;
    }
  }
  content += "0 g\n";
  for (const line of lines) {
    content += `BT ${line.x.toFixed(2)} ${(height - line.y).toFixed(2)} Td `;
    for (const piece of line.pieces) {
      const face = piece.mono ? "F3" : piece.bold ? "F2" : "F1";
      const shift = piece.after ? ` ${(-(piece.after / line.size) * 1000).toFixed(0)}` : "";
      content += `/${face} ${line.size} Tf [(${piece.text.replace(/([()\\])/g, "\\$1").replace(/\u2022/g, "\\225")})${shift}] TJ `;
    }
    content += "ET\n";
  }
  doc.insertPage(-1, doc.addPage([0, 0, width, height], 0, resources, content));
  return doc.saveToBuffer("").asUint8Array();
}

/** A line of one piece in Helvetica. */
export function plain(text: string, size: number, x: number, y: number): SlideLine {
  return { pieces: [{ text }], size, x, y };
}
