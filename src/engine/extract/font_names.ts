// What a font's name says of its style, for both extractors: an embedded subset often
// carries no flags, or wrong ones, and its name is then the only evidence.

/**
 * Typewriter faces by name: Courier and its clones (URW's Nimbus Mono L, embedded by TeX as
 * "NimbusMonL-Regu", and by ghostscript as "NimbusMonoPS"), TeX's typewriter fonts (cmtt,
 * sftt, ectt, txtt, Latin Modern's LMMono and LMTypewriter), the programmers' faces.
 */
/** The tag before an embedded subset's name ("IIUQMW+LatinModernMath-Regular"). */
export const SUBSET_PREFIX = /^[A-Z]{6}\+/;

export const MONO_NAME = /mono|nimbusmon|courier|consol|menlo|monaco|inconsolata|cousine|lettergothic|typewriter|cmtt|sftt|ectt|txtt|code|fixed/i;
