import { defineConfig } from "vitest/config";

// Heavy suites (the whole ../shared/pdfs corpus through the pool, long documents) run only
// with SVC_HEAVY=1 (`npm run test:heavy`); the default suite stays fast for CI.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
