// The customer-like pages both A/B benchmarks convert (issue 9's speed clause): a book, a
// two-column paper, a report, a UML data model with tables, the table truth set (ruled and
// borderless tables), CJK pages, forms, the 60 real pages with hand-written truth and the
// generated fixtures. Files that are not on the machine (../shared absent) are left out.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { openDocument } from "../src/engine/extract/open.js";

export interface AbDocument {
  file: string;
  first: number;
  last: number;
  bytes: Buffer;
}

/** The table truth pages sit within each file's first few pages; five keeps the long reports short. */
const TABLE_TRUTH_PAGES = 5;

/** 0 for a file the engine refuses to open (an encrypted fixture, a page-less file). */
function pageCount(file: string): number {
  try {
    const opened = openDocument(readFileSync(file));
    const n = opened.doc.countPages();
    opened.doc.destroy();
    return n;
  } catch {
    return 0;
  }
}

function dirPdfs(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".pdf")).sort().map((f) => path.join(dir, f)) : [];
}

export function abDocuments(repo: string, shared: string): AbDocument[] {
  const docs: Omit<AbDocument, "bytes">[] = [];
  const add = (file: string, last: number, first = 1) => {
    if (existsSync(file) && last >= first) docs.push({ file, first, last });
  };
  const pdfs = path.join(shared, "pdfs");
  add(path.join(pdfs, "pdf.js/freeculture.pdf"), 200);
  add(path.join(pdfs, "pdf.js/tracemonkey.pdf"), 14);
  add(path.join(pdfs, "pdf.js/TAMReview.pdf"), 23);
  add(path.join(pdfs, "pypdf/GeoBase_NHNC1_Data_Model_UML_EN.pdf"), 19);
  for (const f of ["issue16538", "issue15340", "issue8570", "issue19360", "issue2128r", "noembed-sjis"]) add(path.join(pdfs, `pdf.js/${f}.pdf`), 1);
  add(path.join(pdfs, "pdf.js/vertical.pdf"), 3);
  add(path.join(pdfs, "qpdf/form-filled-by-acrobat.pdf"), 3);
  add(path.join(pdfs, "qpdf/field-types.pdf"), 1);
  add(path.join(pdfs, "pdf.js/bug1947248_forms.pdf"), 1);
  for (const f of dirPdfs(path.join(shared, "truth/tables/pdf"))) add(f, Math.min(TABLE_TRUTH_PAGES, pageCount(f)));
  for (const dir of [path.join(repo, "fixtures/real"), path.join(repo, "fixtures/pdf")]) for (const f of dirPdfs(dir)) add(f, pageCount(f));
  return docs.map((d) => ({ ...d, bytes: readFileSync(d.file) }));
}
