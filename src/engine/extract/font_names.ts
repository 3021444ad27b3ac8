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

export const MONO_NAME = /mono|nimbusmon|courier|consol|menlo|monaco|inconsolata|cousine|lettergothic|typewriter|cmtt|sftt|ectt|txtt|t1xb?tt|code|fixed|anonymous|iosevka|terminus/i;

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
