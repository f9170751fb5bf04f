/**
 * The rate-limit categories GitHub documents (`GET /rate_limit`'s `resources`, `x-ratelimit-resource`). The
 * gateway keeps a reading per category, a metric series per category and a rate-low alert per category and
 * window: an upstream that invents a new name on every answer would grow all three without end. So names are
 * bounded where they enter (the rate recorder): these, then the first few unknown ones, then one `other`.
 */
export const KNOWN_RATE_CATEGORIES = [
  'core',
  'search',
  'graphql',
  'code_search',
  'source_import',
  'integration_manifest',
  'actions_runner_registration',
  'scim',
  'dependency_snapshots',
  'dependency_sbom',
  'code_scanning_upload',
  'code_scanning_autofix',
  'copilot_usage_records',
  'audit_log',
  'audit_log_streaming',
] as const;

/** Where every unknown category past the cap is counted. */
export const OTHER_RATE_CATEGORY = 'other';

/** Unknown categories kept under their own name (`RATE_CATEGORIES_MAX_UNKNOWN`). */
export const DEFAULT_MAX_UNKNOWN_RATE_CATEGORIES = 16;

/** A category name as the gateway keeps it: known, one of the first `maxUnknown` unknown ones, or `other`. */
export function boundedRateCategories(maxUnknown = DEFAULT_MAX_UNKNOWN_RATE_CATEGORIES) {
  const known = new Set<string>(KNOWN_RATE_CATEGORIES);
  const unknown = new Set<string>();
  return (name: string): string => {
    if (known.has(name) || unknown.has(name)) return name;
    if (unknown.size < maxUnknown) {
      unknown.add(name);
      return name;
    }
    return OTHER_RATE_CATEGORY;
  };
}
