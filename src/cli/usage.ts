// What the `svc` command prints when it is called wrongly: kept apart from the commands so
// that printing help loads none of them.

export const convertUsage = `usage: svc convert FILE.pdf [--pages EXPR] [--json] [--out FILE]
       svc convert FILE.pdf|DIR ... --out-dir DIR [--recursive] [--jobs N] [--summary FILE]
  options for every file:
       [--password PW] [--page-markers none|rule] [--headers-footers strip|keep]
       [--no-dehyphenate] [--unicode none|nfc] [--tables gfm|html|off] [--threads N]
       [--api URL]   convert on a remote service (key in SVC_API_KEY) instead of locally`;

export class UsageError extends Error {}
