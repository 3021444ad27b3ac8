// Chinese typesetting sets bold in a Hei (黑体) face (extract/font_facts.ts BOLD_NAME): ctex's
// \bfseries is SimHei or FandolHei over SimSun or FandolSong text, so its headings ("1 CTeX是
// 干什么的？", SimHei beside CMBX10's "1") had come out as paragraphs with a bold number.
// Sans faces set as text (Microsoft YaHei, Source Han Sans) stay regular. svc-md-1.1.35.
import { describe, expect, it } from "vitest";
import { nameFacts } from "../../src/engine/extract/font_facts.js";

describe("Hei faces are bold (font_facts.ts BOLD_NAME; ctex-faq p. 5)", () => {
  it("reads SimHei, FandolHei, STHeiti and Adobe Heiti as bold, subset tag and all", () => {
    for (const name of ["ABCDEF+SimHei", "FandolHei-Regular", "STHeiti", "AdobeHeitiStd-Regular"]) expect(nameFacts(name).bold).toBe(true);
  });

  it("guard: leaves Song faces and sans faces set as text regular", () => {
    for (const name of ["ABCDEF+SimSun", "FandolSong-Regular", "MicrosoftYaHei", "SourceHanSansSC-Regular", "NotoSansCJKsc-Regular"]) expect(nameFacts(name).bold).toBe(false);
  });
});
