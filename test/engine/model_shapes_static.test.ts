// The page model's spans and lines keep one hidden class each (src/engine/model.ts): they are
// made only by model.ts's factories, never by an object literal of their own, never spread
// into a copy and never have a field deleted. Each of those gives V8 another class of span or
// line, and every optimised layout pass that reads one is thrown away and compiled again when
// it first meets it: a footnote's line spread with one more mark, and a description term
// spread and stripped of its measured word end, sent some forty functions back to the
// compiler in each pass over the A/B pages (issue 9's speed clause; docs/benchmarks.md
// "svc-md-1.1.40"). model_shapes.test.ts checks the shapes that pages come out with;
// this reads every engine source through TypeScript's checker, so that a path no fixture
// takes is held to the rule too.
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const MODEL = path.join(root, "src/engine/model.ts");
const SHAPED = new Set(["Span", "Line"]);

/** The program of the engine's sources, checked as tsconfig.json checks them. */
function engineProgram(): ts.Program {
  const configPath = path.join(root, "tsconfig.json");
  const config = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const files = parsed.fileNames.filter((file) => path.resolve(file).startsWith(path.join(root, "src/engine") + path.sep));
  return ts.createProgram(files, { ...parsed.options, noEmit: true });
}

/** "Span" or "Line" when `type` is model.ts's interface of that name (or a union holding only it and null/undefined). */
function shapedName(type: ts.Type): string | null {
  const types = type.isUnion() ? type.types.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined))) : [type];
  if (types.length !== 1) return null;
  const symbol = types[0].aliasSymbol ?? types[0].getSymbol();
  if (!symbol || !SHAPED.has(symbol.getName())) return null;
  return symbol.getDeclarations()?.some((d) => path.resolve(d.getSourceFile().fileName) === MODEL) ? symbol.getName() : null;
}

/** Every place outside model.ts's factories that makes or reshapes a span or line, as "file:line what". */
function shapeBreaks(program: ts.Program): string[] {
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const source of program.getSourceFiles()) {
    const file = path.resolve(source.fileName);
    if (!file.startsWith(path.join(root, "src/engine") + path.sep)) continue;
    const where = (node: ts.Node) => `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (ts.isSpreadAssignment(node)) {
        const name = shapedName(checker.getTypeAtLocation(node.expression));
        if (name) found.push(`${where(node)} spreads a ${name}`);
      } else if (ts.isDeleteExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const name = shapedName(checker.getTypeAtLocation(node.expression.expression));
        if (name) found.push(`${where(node)} deletes a ${name}'s field`);
      } else if (ts.isObjectLiteralExpression(node) && file !== MODEL) {
        const contextual = checker.getContextualType(node);
        const name = contextual ? shapedName(contextual) : null;
        if (name) found.push(`${where(node)} builds a ${name} by a literal`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe("span and line shapes in the engine's sources (model.ts)", () => {
  const program = engineProgram();

  it("reads the engine's sources with their types", () => {
    const files = program.getSourceFiles().filter((s) => path.resolve(s.fileName).startsWith(path.join(root, "src/engine") + path.sep));
    expect(files.length).toBeGreaterThan(100);
    // The checker knows the model: a span's field reads as model.ts's Span.
    expect(files.some((s) => path.resolve(s.fileName) === MODEL)).toBe(true);
  });

  it("makes spans and lines only through model.ts's factories: no spread copy, no literal, no deleted field", () => {
    expect(shapeBreaks(program)).toEqual([]);
  });

  it("finds each kind of break in a source that makes them", () => {
    const text = [
      'import { newSpan, type Line, type Span } from "./model.js";',
      "export function spread(span: Span): Span { return { ...span, bold: true }; }",
      "export function strip(span: Span): void { delete span.wordEnd; }",
      "export function literal(): Line { return { spans: [], x0: 0, y0: 0, x1: 1, y1: 1, wmode: 0 }; }",
      'export function fine(): Span { return newSpan("a", 0, 0, 1, 1, "F", 10, false, false, false); }',
    ].join("\n");
    const probe = path.join(root, "src/engine/__shape_probe__.ts");
    const options = program.getCompilerOptions();
    const host = ts.createCompilerHost(options);
    const read = host.readFile.bind(host);
    host.readFile = (file) => (path.resolve(file) === probe ? text : read(file));
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (file) => path.resolve(file) === probe || fileExists(file);
    const withProbe = ts.createProgram([probe, MODEL], options, host);
    const breaks = shapeBreaks(withProbe).filter((b) => b.startsWith("src/engine/__shape_probe__.ts"));
    expect(breaks).toEqual(["src/engine/__shape_probe__.ts:2 builds a Span by a literal", "src/engine/__shape_probe__.ts:2 spreads a Span", "src/engine/__shape_probe__.ts:3 deletes a Span's field", "src/engine/__shape_probe__.ts:4 builds a Line by a literal"]);
  });
});
