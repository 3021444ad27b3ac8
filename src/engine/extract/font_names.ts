// What a font's name says of its style, for both extractors: an embedded subset often
// carries no flags, or wrong ones, and its name is then the only evidence.

/**
 * Typewriter faces by name: Courier and its clones (URW's Nimbus Mono L, embedded by TeX as
 * "NimbusMonL-Regu", and by ghostscript as "NimbusMonoPS"), TeX's typewriter fonts (cmtt,
 * sftt, ectt, txtt, Latin Modern's LMMono and LMTypewriter), the programmers' faces (Anonymous
 * Pro, which ijsra's class sets its code in, Iosevka, Terminus among them).
 */
/** The tag before an embedded subset's name ("IIUQMW+LatinModernMath-Regular"). */
export const SUBSET_PREFIX = /^[A-Z]{6}\+/;

export const MONO_NAME = /mono|nimbusmon|courier|consol|menlo|monaco|inconsolata|cousine|lettergothic|typewriter|cmtt|sftt|ectt|txtt|t1xb?tt|code|fixed|anonymous|iosevka|terminus|(?:^|\+)[a-z]{2}[a-z]{0,2}?(?:sl|i)?tt\d{1,4}$/i;

// TeX's fonts are named by Karl Berry's scheme: a family's two letters (cm, cs for the Czech
// and Slovak fonts, ec, pl, vn …), a shape, and the design size ("cmbx12", "csbx10",
// "ecti1000", "cstt10" above). An embedded subset of one often carries no style flags, so its
// name is the evidence: CSTeX's csbx10, csti10 and cstt10 had been read as roman.
/** Bold by TeX's name: bold extended (bx) or bold (b), maybe slanted or italic, before the size ("cmssbx10", "cmb10", "cmbxti10"). */
export const TEX_BOLD_NAME = /(?:^|\+)[a-z]{2}[a-z]{0,3}?bx?(?:ti|sl)?\d{1,4}$/i;
/** Italic or slanted by TeX's name: text italic (ti) or slanted (sl), before the size ("cmbxti10", "cssl10"). */
export const TEX_ITALIC_NAME = /(?:^|\+)[a-z]{2}[a-z]{0,3}?(?:ti|sl)\d{1,4}$/i;

/**
 * Math fonts by name: TeX's math italic, symbols and extension fonts (cmmi, cmsy, cmex and
 * their bold, the AMS's msam and msbm), txfonts', pxfonts' and newtx's (rtxmi, txsy, txex,
 * pxmi, ntxmi …), and the OpenType math faces (Latin Modern Math, STIX Math, Cambria Math,
 * XITS Math, TeX Gyre's Math). What a display formula is set in, seldom a title.
 */
export const MATH_NAME = /^(?:cm(?:mi|sy|ex|bsy|mib)\d|ms[ab]m\d|r?[tp]x(?:mi|sy|ex)|ntx(?:mi|sy|exa)|lmmath)|(?:latinmodern|stix(?:two)?|cambria|xits|gyre\w*)math/i;
/** ... of which these set letters as a logo's or a title's too (calligraphic and blackboard
 *  capitals: xduthesis's "XDU-THESIS" in msbm and cmsy). */
export const LETTER_MATH_NAME = /^(?:cm(?:sy|bsy)\d|ms[ab]m\d|r?[tp]xsy|ntxsy)/i;
