// Side-by-side comparison of svc-md with peer converters (issue 9, item 8). Not part of
// `npm test`: `npm run compare` builds and runs it. Converts every document of
//   (a) the generated fixtures (fixtures/pdf + fixtures/expected),
//   (b) the real pages (fixtures/real, truth written by hand from the page images),
//   (c) the table truth set (../shared/truth/tables; skipped when shared/ is absent),
// with each peer that is installed, scores them with test/fidelity/score.ts, prints a
// Markdown table and writes artifacts/compare.json. docs/fidelity.md says how to install
// the peers. Peers run one document at a time (the machine is shared).
//
//   node dist/bench/compare_peers.js [--peers svc-md,pdftotext,odl] [--sets real,tables]
import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { convertDocument, openInProcess } from "../src/engine/convert.js";
import { defaultRenderOptions } from "../src/engine/result.js";
import { METRICS, loadGeneratedSet, loadRealSet, loadTableSet, repoRoot, scoreDoc, summarise, type DocScore, type SetDoc, type SetName, type SetSummary } from "../test/fidelity/sets.js";

interface Peer {
  name: string;
  /** One line: what runs, or why it is skipped. */
  describe: string;
  available: boolean;
  convert(doc: SetDoc): Promise<string>;
}

function run(cmd: string, args: string[], timeoutMs = 180_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024, timeout: timeoutMs }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${cmd} ${args.slice(-1)[0]}: ${(stderr || err.message).trim().split("\n").slice(-3).join(" | ")}`));
      else resolve(stdout);
    });
  });
}

function onPath(cmd: string, versionArg: string): boolean {
  const r = spawnSync(cmd, [versionArg], { encoding: "utf8" });
  return !r.error;
}

const svcMd: Peer = {
  name: "svc-md",
  describe: "svc-md: the engine in-process (convertDocument + openInProcess), headersFooters strip",
  available: true,
  async convert(doc) {
    const result = await convertDocument(openInProcess, {
      bytes: readFileSync(doc.pdf),
      password: doc.password,
      pages: doc.page ? String(doc.page) : undefined,
      // The API's defaults, as a customer gets them (real pages and tables name no options).
      options: { ...defaultRenderOptions, headersFooters: "strip", dehyphenate: doc.dehyphenate ?? defaultRenderOptions.dehyphenate },
    });
    return result.markdown;
  },
};

function pdftotext(layout: boolean): Peer {
  const available = onPath("pdftotext", "-v");
  const name = layout ? "pdftotext -layout" : "pdftotext";
  return {
    name,
    describe: available
      ? `${name}: poppler's plain text (${layout ? "physical layout kept" : "default reading-order mode"}), scored as if it were Markdown`
      : `${name}: skipped, pdftotext is not on PATH (apt-get install poppler-utils)`,
    available,
    convert(doc) {
      const args = ["-enc", "UTF-8"];
      if (layout) args.push("-layout");
      if (doc.page) args.push("-f", String(doc.page), "-l", String(doc.page));
      if (doc.password) args.push("-upw", doc.password);
      return run("pdftotext", [...args, doc.pdf, "-"]);
    },
  };
}

/** The opendataloader-pdf CLI JAR: ODL_JAR, else the npm package under a known prefix. */
function findOdlJar(root: string): string | null {
  const rel = "node_modules/@opendataloader/pdf/lib/opendataloader-pdf-cli.jar";
  const candidates = [process.env.ODL_JAR, process.env.ODL_PREFIX && path.join(process.env.ODL_PREFIX, rel), path.resolve(root, "../tools", rel), path.join(root, rel), path.join("/work/tools", rel)];
  for (const c of candidates) if (c && existsSync(c)) return c;
  return null;
}

function odl(root: string): Peer {
  const jar = findOdlJar(root);
  const java = process.env.JAVA ?? "java";
  const hasJava = onPath(java, "-version");
  const available = jar !== null && hasJava;
  let version = "";
  if (jar) {
    const pkg = path.join(path.dirname(jar), "..", "package.json");
    if (existsSync(pkg)) version = " " + (JSON.parse(readFileSync(pkg, "utf8")) as { version: string }).version;
  }
  return {
    name: "opendataloader-pdf",
    describe: available
      ? `opendataloader-pdf${version}: java -jar ${jar} -q --format markdown --image-output off --to-stdout (defaults: page headers/footers excluded)`
      : `opendataloader-pdf: skipped, ${jar ? "" : "no JAR (set ODL_JAR or npm install --prefix ../tools @opendataloader/pdf)"}${!jar && !hasJava ? "; " : ""}${hasJava ? "" : `no Java (${java})`}`,
    available,
    convert(doc) {
      const args = ["-jar", jar!, "-q", "--format", "markdown", "--image-output", "off", "--to-stdout"];
      if (doc.page) args.push("--pages", String(doc.page));
      if (doc.password) args.push("--password", doc.password);
      return run(java, [...args, doc.pdf]);
    },
  };
}

function arg(name: string): string[] | null {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1].split(",") : null;
}

const fmt = (x: number | null | undefined) => (x === null || x === undefined ? "–" : x.toFixed(3));

interface PeerSetResult {
  peer: string;
  set: SetName;
  summary: SetSummary;
  errors: { id: string; error: string }[];
  seconds_per_doc: number;
  docs: DocScore[];
}

async function main(): Promise<void> {
  const root = repoRoot();
  const peers = [svcMd, pdftotext(false), pdftotext(true), odl(root)];
  const wantPeers = arg("--peers");
  const wantSets = arg("--sets");
  const sets: [SetName, SetDoc[]][] = [];
  const notes: string[] = [];
  const add = (name: SetName, docs: () => SetDoc[] | null, why: string) => {
    if (wantSets && !wantSets.includes(name)) return;
    const d = docs();
    if (d === null) notes.push(`set ${name}: skipped, ${why}`);
    else sets.push([name, d]);
  };
  add("generated", () => loadGeneratedSet(root), "");
  add("real", () => loadRealSet(root), "");
  add("tables", () => loadTableSet(root), "../shared/truth/tables is absent (set SVC_SHARED to its parent's shared/ folder)");

  for (const p of peers) if (!wantPeers || wantPeers.some((w) => p.name.startsWith(w))) console.error(p.describe);
  for (const n of notes) console.error(n);

  const results: PeerSetResult[] = [];
  for (const peer of peers) {
    if (!peer.available || (wantPeers && !wantPeers.some((w) => peer.name.startsWith(w)))) continue;
    for (const [set, docs] of sets) {
      const scores: DocScore[] = [];
      const errors: { id: string; error: string }[] = [];
      const started = performance.now();
      for (const doc of docs) {
        let markdown = "";
        try {
          markdown = await peer.convert(doc);
        } catch (e) {
          errors.push({ id: doc.id, error: e instanceof Error ? e.message : String(e) });
        }
        // A failed conversion scores as empty output: it counts against the peer.
        scores.push(scoreDoc(doc, markdown));
      }
      const seconds = (performance.now() - started) / 1000;
      results.push({ peer: peer.name, set, summary: summarise(scores), errors, seconds_per_doc: docs.length ? seconds / docs.length : 0, docs: scores });
      console.error(`${peer.name} on ${set}: ${docs.length} docs in ${seconds.toFixed(1)} s${errors.length ? `, ${errors.length} failed` : ""}`);
    }
  }

  const header =
    "| set | peer | docs | text sim | reading order | headings (text) | headings (level) | list items | cell recall | cell precision | cell adjacency | furniture removed | failed | s/doc |";
  const lines = [header, "|" + header.split("|").slice(1, -1).map(() => " --- ").join("|") + "|"];
  for (const r of [...results].sort((a, b) => sets.findIndex((s) => s[0] === a.set) - sets.findIndex((s) => s[0] === b.set))) {
    const m = r.summary.means;
    const c = r.summary.counts;
    const withN = (x: number | null, n: number) => (x === null ? "–" : `${fmt(x)} (${n})`);
    lines.push(
      `| ${r.set} | ${r.peer} | ${r.summary.docs} | ${fmt(m.text_similarity)} | ${fmt(m.reading_order)} | ${withN(m.heading_text_recall, c.heading_text_recall)} | ${fmt(m.heading_recall)} | ${withN(m.list_recall, c.list_recall)} | ${withN(m.cell_recall, c.cell_recall)} | ${fmt(m.cell_precision)} | ${fmt(m.adjacency)} | ${r.summary.furniture_removed === null ? "–" : `${fmt(r.summary.furniture_removed)} (${r.summary.furniture_lines} lines)`} | ${r.errors.length} | ${r.seconds_per_doc.toFixed(2)} |`,
    );
  }
  const table = lines.join("\n");
  console.log(table);
  console.log(
    "\nMeans over the docs where a metric applies (that count in brackets); furniture removed is pooled over all furniture lines of the set. A failed conversion scores as empty output.",
  );
  for (const n of notes) console.log(n);

  mkdirSync(path.join(root, "artifacts"), { recursive: true });
  const out = path.join(root, "artifacts", "compare.json");
  writeFileSync(
    out,
    JSON.stringify(
      {
        created: new Date().toISOString(),
        peers: peers.map((p) => p.describe),
        notes,
        metrics: METRICS,
        table,
        results: results.map((r) => ({ ...r, docs: r.docs })),
      },
      null,
      1,
    ),
  );
  console.error(`wrote ${path.relative(process.cwd(), out)}`);
}

// Exit explicitly: the engine's native and WASM modules have been seen to crash while the
// process tears down after a long run, after everything was written.
main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
