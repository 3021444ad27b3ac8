// Step 3, extract: what a form's fields show. MuPDF's structured text holds the page's content
// and not its widgets, so a filled-in text field ("salad"), a combo box's choice and a list
// box's options are missing from it, though a reader of the page sees them (issue 9: form
// pages' widget values). Each becomes a line at its widget's rectangle, unless text is already
// there (a flattened form, a field drawn into the page). A check box's or radio button's state,
// drawn by its appearance alone, is written as a box glyph before its label (widgetCheckLines).
import { type Line, newLine, newSpan } from "../model.js";
import type { mupdf } from "./mupdf_runtime.js";
import { NOT_VIEWED_FLAGS } from "./annotation_text.js";

/** Widgets read on a page, at most: a form has tens; more is a generated stress file. */
const WIDGETS_MAX = 500;
/** A list box's options read, at most (what its box can show is rarely more). */
const LIST_OPTIONS_MAX = 50;
/** A field's text size from its box: single-line fields are set at about 0.6 of their height … */
const SIZE_OF_HEIGHT = 0.6;
/** … between these sizes (points): a tall multi-line box does not make display type. */
const SIZE_MIN = 6;
const SIZE_MAX = 12;
/** Line pitch of a multi-line field's lines, in ems. */
const OPTION_PITCH_EMS = 1.15;
/** A field's text starts this many points inside its box (its padding). */
const FIELD_PADDING = 2;

type MupdfPage = ReturnType<InstanceType<typeof mupdf.Document>["loadPage"]>;

/** Width of a character of a field's text, in ems (Helvetica's average). */
const CHAR_WIDTH_EMS = 0.5;

/** A line of a field's text from x, no further right than its box. */
function valueLine(text: string, x: number, xMax: number, y: number, size: number): Line {
  const right = Math.max(x, Math.min(xMax, x + text.length * size * CHAR_WIDTH_EMS));
  const span = newSpan(text, x, y, right, y + size, "Helvetica", size, false, false, false);
  return newLine([span], span.x0, span.y0, span.x1, span.y1, 0);
}

function hasTextInside(lines: readonly Line[], x0: number, y0: number, x1: number, y1: number): boolean {
  for (const l of lines) {
    const cx = (l.x0 + l.x1) / 2;
    const cy = (l.y0 + l.y1) / 2;
    if (cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1) return true;
  }
  return false;
}

type PdfWidget = InstanceType<typeof mupdf.PDFWidget>;

/** The page's form field widgets, WIDGETS_MAX at most; none on a page that is not a PDF's.
 *  Read once a page (mupdf_page.ts) for the three readers below: each reading crosses into
 *  MuPDF and wraps every widget again. */
export function pageWidgets(page: MupdfPage): PdfWidget[] {
  const withWidgets = page as MupdfPage & { getWidgets?: () => unknown[] };
  if (typeof withWidgets.getWidgets !== "function") return [];
  return (withWidgets.getWidgets() as PdfWidget[]).slice(0, WIDGETS_MAX);
}

/** The line left of a field whose middle lies within the field's height: its label. */
function labelBeside(lines: readonly Line[], x0: number, y0: number, y1: number): Line | null {
  let best: Line | null = null;
  for (const l of lines) {
    const cy = (l.y0 + l.y1) / 2;
    if (l.x1 <= x0 + FIELD_PADDING && cy >= y0 && cy <= y1 && (!best || l.x1 > best.x1)) best = l;
  }
  return best;
}

/** Lines for the values the page's form fields show, in the stext's coordinates. */
export function widgetValueLines(widgets: readonly PdfWidget[], lines: readonly Line[]): Line[] {
  const out: Line[] = [];
  for (const widget of widgets) {
    const type = widget.getFieldType();
    if (type !== "text" && type !== "combobox" && type !== "listbox") continue;
    const [x0, y0, x1, y1] = widget.getRect();
    if (!(x1 > x0 && y1 > y0) || hasTextInside(lines, x0, y0, x1, y1)) continue;
    // A list box's options read as one run after its label, as a field's lines do: stacked,
    // they would be read row by row with whatever stands beside the box.
    const texts = type === "listbox" ? [widget.getOptions().slice(0, LIST_OPTIONS_MAX).join(" ")] : widget.getValue().split(/\r\n|\r|\n/);
    const shown = texts.map((t) => t.trim()).filter((t) => t !== "");
    if (shown.length === 0) continue;
    const label = labelBeside(lines, x0, y0, y1);
    const size = label ? label.spans[0].size : Math.min(SIZE_MAX, Math.max(SIZE_MIN, SIZE_OF_HEIGHT * (shown.length === 1 ? y1 - y0 : (y1 - y0) / shown.length)));
    // On its label's row, so the value reads after the label ("Potato salad", "List five six …").
    const top = label ? label.y0 : shown.length === 1 ? (y0 + y1 - size) / 2 : y0 + FIELD_PADDING;
    shown.forEach((text, i) => {
      const y = top + i * size * OPTION_PITCH_EMS;
      if (y + size <= y1 + FIELD_PADDING) out.push(valueLine(text, x0 + FIELD_PADDING, x1 - FIELD_PADDING, y, size));
    });
  }
  return out;
}

/** What a check box or radio button shows, as a glyph blocks.ts's TASK_BOX reads: an empty box,
 *  a ticked check box (☑: the check mark most forms draw, Acrobat's and LibreOffice's default),
 *  and a chosen radio button. That is written ☒, a box glyph, and not ◉: Markdown has no radio
 *  button, and the task item ("- [x]") is the one mark of a choice's state that Markdown
 *  renderers show; ◉ and ○ would be plain text (○ even a bullet, so the options not chosen
 *  would read as plain items and the list would not say which one was chosen). Each is the
 *  state, not the mark's shape: a box drawing a cross (qpdf's forms) is written ☑ as well. */
const BOX_OFF = "☐";
const CHECK_ON = "☑";
const RADIO_ON = "☒";
/** The appearance state of a button that is off (PDF 32000-1, 12.7.4.2.3). */
const OFF_STATE = "Off";
/** A box's label starts at most this many ems of its text after the box: the box is then put
 *  before it as its first span, as a typed box stands before its text. */
const LABEL_GAP_EMS_MAX = 1.5;

/** The names of a button widget's appearance states other than Off: its on state. */
function onStates(widget: InstanceType<typeof mupdf.PDFWidget>): string[] {
  const normal = widget.getObject().get("AP", "N");
  const names: string[] = [];
  if (normal.isDictionary() && !normal.isStream()) normal.forEach((_v, key) => typeof key === "string" && key !== OFF_STATE && names.push(key));
  return names;
}

/** Whether a check box or radio button shows as on: the appearance state a viewer draws (/AS),
 *  or with none, the field's value (/V) naming the widget's on state. */
function isOn(widget: InstanceType<typeof mupdf.PDFWidget>): boolean {
  const state = widget.getObject().get("AS");
  if (state.isName()) return state.asName() !== OFF_STATE;
  const value = widget.getValue();
  return value !== "" && value !== OFF_STATE && onStates(widget).includes(value);
}

/** The line a box stands just before, on its row: its label ("☑ Check Box 2", "☐ Yes"). */
function labelAfter(lines: readonly Line[], x0: number, y0: number, x1: number, y1: number): Line | null {
  let best: Line | null = null;
  for (const l of lines) {
    if (l.wmode !== 0 || l.spans.length === 0) continue;
    const cy = (l.y0 + l.y1) / 2;
    if (cy < y0 || cy > y1 || l.x0 < x1 - FIELD_PADDING || l.x0 < (x0 + x1) / 2) continue;
    if (l.x0 - x1 > LABEL_GAP_EMS_MAX * l.spans[0].size) continue;
    if (!best || l.x0 < best.x0) best = l;
  }
  return best;
}

/**
 * Writes what the page's check boxes and radio buttons show: ☐, ☑ where ticked, ☒ where chosen.
 * The tick is drawn by the widget's appearance, which MuPDF's page text does not hold, so a
 * ticked box and an empty one had read the same. A box standing just before a line (its label)
 * becomes that line's first span, "☑ " in the label's size, so the two read as a typed box and
 * its text do ("☑ Check Box 2" a task item; "Over 18? ☐ Yes ☑ No" a row of choices, each box
 * before its choice); a box just after a line and before none ends that line ("I agree ☑");
 * any other box is a line of its own at the box. A box with text already inside it (a form
 * drawn into the page) and one a viewer does not draw (Hidden, NoView) add nothing. `lines`
 * are the page's lines, the labels among them given their box in place; returns the boxes'
 * own lines.
 */
export function widgetCheckLines(widgets: readonly PdfWidget[], lines: readonly Line[]): Line[] {
  const out: Line[] = [];
  for (const widget of widgets) {
    const type = widget.getFieldType();
    if (type !== "checkbox" && type !== "radiobutton") continue;
    if ((widget.getFlags() & NOT_VIEWED_FLAGS) !== 0) continue;
    const [x0, y0, x1, y1] = widget.getRect();
    if (!(x1 > x0 && y1 > y0) || hasTextInside(lines, x0, y0, x1, y1)) continue;
    const glyph = !isOn(widget) ? BOX_OFF : type === "radiobutton" ? RADIO_ON : CHECK_ON;
    const label = labelAfter(lines, x0, y0, x1, y1);
    if (label) {
      const first = label.spans[0];
      const box = newSpan(glyph + " ", Math.min(x0, label.x0), first.y0, label.x0, first.y1, first.font, first.size, false, false, false);
      label.spans.unshift(box);
      label.x0 = box.x0;
      label.styleMemo = undefined;
      continue;
    }
    const left = labelBeside(lines, x0, y0, y1);
    const last = left?.spans[left.spans.length - 1];
    if (left && last && left.wmode === 0 && x0 - left.x1 <= LABEL_GAP_EMS_MAX * last.size) {
      const box = newSpan(" " + glyph, left.x1, last.y0, Math.max(x1, left.x1), last.y1, last.font, last.size, false, false, false);
      left.spans.push(box);
      left.x1 = box.x1;
      left.styleMemo = undefined;
      continue;
    }
    const size = Math.min(SIZE_MAX, Math.max(SIZE_MIN, SIZE_OF_HEIGHT * (y1 - y0)));
    out.push(valueLine(glyph, x0, x1, (y0 + y1 - size) / 2, size));
  }
  return out;
}

/** Whether the page holds a check box or radio button widget. Its tick is drawn by the widget's
 *  appearance, which the page's text does not hold (a ZapfDingbats glyph), so layout cannot
 *  tell a ticked box from an empty one there (layout/drawn_check_boxes.ts leaves such a page's
 *  boxes alone). */
export function hasCheckWidgets(widgets: readonly PdfWidget[]): boolean {
  for (const widget of widgets) {
    const type = widget.getFieldType();
    if (type === "checkbox" || type === "radiobutton") return true;
  }
  return false;
}
