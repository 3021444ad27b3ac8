// Several patterns asked of one text, where the question is only whether one of them matches:
// one pattern per set of flags, their sources in one alternation, scans the text once where
// the patterns run one after another scanned it once each (furniture.ts's words of furniture,
// asked of every margin row's text: thirteen scans).

/**
 * One pattern per set of flags among `patterns` (in the order the sets first appear), each
 * matching a text where one of the patterns written with those flags matches it: the
 * alternation of their sources, each in a group of its own so that its anchors and
 * alternatives stay its own. For `test` only: none of the patterns may have the `g` or `y`
 * flag (the alternation's `lastIndex` would move), nor a back reference (its groups are
 * numbered anew in the alternation).
 */
export function alternationsByFlags(patterns: readonly RegExp[]): RegExp[] {
  const sources = new Map<string, string[]>();
  for (const re of patterns) {
    if (re.global || re.sticky) throw new Error(`a pattern with the g or y flag in an alternation: ${re}`);
    const same = sources.get(re.flags);
    if (same === undefined) sources.set(re.flags, [re.source]);
    else same.push(re.source);
  }
  return [...sources].map(([flags, alternatives]) => new RegExp(alternatives.map((source) => `(?:${source})`).join("|"), flags));
}
