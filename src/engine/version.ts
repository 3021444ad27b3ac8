// The engine identifiers of SPEC.md §Versioning. The pinned version is bumped whenever the
// output bytes for the same input and options can change.
export const ENGINE_ALIAS = "svc-md-1";
export const ENGINE_VERSION = "svc-md-1.1.41";
export const ENGINE_VERSIONS: readonly string[] = [ENGINE_VERSION];

/** Resolves an engine identifier to a pinned version, or null when the service has none. */
export function resolveEngine(id: string): string | null {
  if (id === ENGINE_ALIAS) return ENGINE_VERSION;
  return ENGINE_VERSIONS.includes(id) ? id : null;
}
