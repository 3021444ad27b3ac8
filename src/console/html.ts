// The console's only way to build HTML: a tagged template that escapes every interpolated
// value unless it is already SafeHtml (built by this same template or attrIf, from text the
// code itself wrote). So a value from the database, the query string or a form can never
// become markup by accident.

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "`": "&#96;",
};

/** Escapes text for element content and for quoted attribute values alike. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (ch) => ESCAPES[ch]);
}

/** Markup that is already safe: only `html` and `attrIf` make one. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** What may be interpolated: text (escaped), numbers, safe markup, lists of those; nullish renders nothing. */
export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new SafeHtml(out);
}

/** `name` when the condition holds: boolean attributes such as checked or disabled. */
export function attrIf(condition: boolean, name: "checked" | "disabled" | "selected" | "required"): SafeHtml {
  return new SafeHtml(condition ? ` ${name}` : "");
}

/** Integers as the console prints them: 1,234,567. */
export function formatInt(n: number): string {
  return n.toLocaleString("en-US");
}

/** A timestamp as the console prints it: UTC, to the minute, or an em dash for none. */
export function formatTime(iso: string | null): string {
  if (iso === null) return "—";
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
