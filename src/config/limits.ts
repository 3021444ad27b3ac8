// Every limit of SPEC.md and DECISIONS.md, once. Units are the last word of each name.
// Error messages and docs quote these constants; test/config/limits.test.ts checks how
// they relate (a page's budget fits in the document's, which fits in the wall clock).

export const limits = {
  // Request shape (SPEC.md §Limits, request-shape limits)
  uploadBytesMax: 32 * 1024 * 1024, // 32 MiB, /v1/convert
  documentPagesMax: 5_000, // pages per document on a paid account
  selectedPagesMax: 200, // pages selected per /v1/convert request
  testKeySelectedPagesMax: 5, // pages selected per request with a test key
  testKeyPagesPerMonthMax: 5_000, // test-key pages per organization per calendar month
  requestWallMsMax: 60_000, // 60 s hard wall clock
  requestBodyMsMax: 20_000, // 20 s from the first byte of the body
  requestHeadersMsMax: 10_000, // 10 s for the request line and headers to arrive, apart from the body's deadline
  connectionsCheckMsMax: 1_000, // how often Node checks the header and request deadlines (its default is 30 s)
  pageExpressionCharsMax: 2_048,
  pageExpressionRangesMax: 1_000,
  holdCreditsMax: 200, // the synchronous ceiling: hold for an unbounded selection
  callerStringCharsMax: 128, // caller-supplied text quoted in an error message (SPEC.md §Errors)

  // Conversion budgets (DECISIONS.md §Conversion)
  pageWallMsMax: 5_000, // 5 s of wall time for one page's extraction (DECISIONS.md says CPU: docs/engine.md §Budgets)
  pageCharsMax: 2_000_000, // characters on one page
  unmappedPageCharsMin: 20, // a page with fewer characters is not judged for unmapped glyphs
  unmappedShareMin: 0.25, // share of a page's characters without a Unicode mapping that gets page_text_unmapped
  documentCharsMax: 50_000_000, // characters across a request
  documentWallMsMax: 45_000, // 45 s of page extraction, summed over a request's pages
  resultMarkdownBytesMax: 16 * 1024 * 1024, // 16 MiB; beyond it the result is cut at a page boundary

  // Engine internals
  outlineEntriesMax: 10_000, // outline entries walked for /v1/toc and heading hints
  outlineDepthMax: 32,
  pdfHeaderSearchBytesMax: 1_024, // `%PDF-` must start within the first 1,024 bytes
  workerHeapMbMax: 1_024, // V8 old generation of one worker thread
  /**
   * V8 young generation of one worker thread (Node's Worker resourceLimits
   * .maxYoungGenerationSizeMb, which the pool hands every thread through Piscina): 48 MB,
   * three 16 MiB semi-spaces. V8 takes a third of it as a semi-space and rounds that up to a
   * power of two MiB, so only 24, 48, 96, 192… are distinct sizes. Measured with pool_ab (two
   * threads, the A/B set, 2 and 8 warm-up passes; docs/benchmarks.md, "s15-heap"): 96 MB halved
   * the scavenges, but V8 ran more full collections and the CPU per page stayed within the A/A
   * spread (medians 1.000 and 1.018 against 1.014 and 1.002), while each thread held 28–30 MiB
   * more heap at the idle trim, 90–91 MiB against workerHeapIdleBytesMax's 96; 192 MB took
   * 1.07–1.51× the CPU of a settled pool (full collections instead of scavenges); 24 MB spent a
   * larger share in the collector (5.5–6.4 % of a worker's samples against 4.2–4.4 %) to save
   * 14 MiB a thread. So it is V8's own size in Node 20, named so that a Node whose V8 sizes it
   * otherwise keeps the measured one.
   */
  workerYoungGenerationMbMax: 48,
  poolQueueMax: 512, // page chunks waiting in the pool before the service answers 503
  pagesPerChunkMax: 8, // pages a worker extracts per task
  workerWasmBytesMax: 1_536 * 1024 * 1024, // 1.5 GiB of MuPDF's WASM memory (it can grow to 2 GiB and never shrinks)
  workerRetireExitDelayMs: 100, // a retiring worker thread ends this long after its last reply, so the reply reaches the pool first
  workerDocumentsCachedMax: 2, // opened documents a worker keeps between chunks of the same document
  poolIdleTrimMs: 30_000, // 30 s without work: each worker drops its documents and pages, and one whose WASM memory passed workerWasmIdleBytesMax is replaced
  workerHeapIdleBytesMax: 96 * 1024 * 1024, // 96 MiB of V8 heap still committed at the idle trim: the thread is replaced
  workerWasmIdleBytesMax: 160 * 1024 * 1024, // 160 MiB: about what a fresh MuPDF instance grows to on ordinary pages
  workerWarmUpPagesMax: 66, // pages a fresh worker thread converts from the built-in warm set before its first real task (pool/warm_up.ts): three rounds of the set
  workerWarmUpWallMsMax: 3_000, // …or this long, whichever comes first; a real task arriving stops it sooner (docs/benchmarks.md, "s14-warm")
  workerLaidOutPagesMax: 600, // laid-out pages a worker holds for their render task (beyond: laid out again at render)
  pagesPerRenderTaskMax: 50, // pages a worker renders per task (rendering a laid-out page costs about a fifth of extracting it)
  poolCrashRetriesMax: 4, // resubmissions of one task whose thread died outside any page

  // Idempotency, stored conversions, result cache, usage reporting (src/store, docs/store.md)
  idempotencyWindowMs: 25 * 60 * 60 * 1000, // 25 h: a record lives this long from its claim
  idempotencyKeyCharsMax: 255, // printable ASCII characters
  idempotencyLeaseGraceMs: 30_000, // 30 s past the wall clock: settle, response write, clock skew
  idempotencyRetryAfterMs: 1_000, // Retry-After: 1 on idempotency_in_progress
  conversionRetentionMs: 24 * 60 * 60 * 1000, // 24 h: GET /v1/conversions/{id}, then 410
  conversionTombstoneRetentionMs: 30 * 24 * 60 * 60 * 1000, // 30 d past expiry: 410, not 404
  resultCacheTtlMs: 24 * 60 * 60 * 1000, // 24 h
  usageListLimitDefault: 100, // GET /v1/usage/records page size when `limit` is absent
  usageListLimitMax: 1_000,
  usageSummaryRangeDaysMax: 366, // GET /v1/usage from..to: a leap year
  purgeBatchRowsMax: 500, // rows one purge statement touches: short statements, short locks
  purgeBatchesPerRunMax: 20, // statements one purge call runs before yielding to its caller

  // Organizations and API keys (SPEC.md §Authentication, §Limits; src/store/orgs.ts, keys.ts)
  activeKeysPerOrgMax: 20, // active = neither revoked nor expired
  keyNameCharsMax: 60, // after trimming; at least 1
  keyRevealMsMax: 120_000, // a created key's plaintext waits this long for its one-time page (POST-redirect-GET)
  keyIpAllowEntriesMax: 100, // allowlist entries on one key: CIDRs, so 100 covers any real network plan
  keyLastUsedWriteIntervalMs: 60_000, // last_used_at is written at most once a minute per key
  keysListedMax: 200, // keys one listing returns, active ones first
  orgEmailCharsMax: 254, // RFC 5321's limit on a mailbox path
  orgNameCharsMax: 100,

  // Rate meters and concurrency leases (SPEC.md §Rate-limit mechanics; src/store/gcra.ts,
  // meters.ts, leases.ts)
  meterBurstDivisor: 3, // burst = limit / 3 rounded up: SPEC's requests meter admits 40 at once at 120/min
  noValueConversionsPerHourMax: 60, // SPEC.md's meters table; not an account limit field
  leaseAcquireAttemptsMax: 8, // statements one acquire may spend losing races for a free slot
  leaseRetryAfterMsMin: 1_000, // Retry-After is whole seconds; never tell a client to retry at once
  leaseRetryAfterMsMax: 5_000, // a running request may end any moment: a concurrency 429 asks for a look again within this

  // The database as an operating condition (src/store/db.ts, docs/store.md §Database loss)
  storeConnectMsMax: 3_000, // opening a PostgreSQL connection; past it the request gets 503 overloaded
  storeStatementMsMax: 10_000, // one store statement (statement_timeout); every statement is a short step
  pglitePreparedMax: 1_000, // distinct SQL texts kept prepared in PGlite (src/store/db.ts): the service has about 150; past it a statement is parsed per call, so SQL built per call cannot grow the backend's memory without end
  storeRetryAfterMs: 2_000, // Retry-After on a 503 overloaded while the database is unreachable
  storeStartRetryMsMin: 250, // `svc serve` with the database away at start: first retry of connect + migrate after this…
  storeStartRetryMsMax: 5_000, // …doubling up to this: one log line per attempt, and a returning database is seen within 5 s
  pendingReleaseRetryMs: 1_000, // a lease, hold or claim whose give-back failed (database away) is tried again this often…
  pendingReleaseMsMax: 55_000, // …until this long after it failed: inside SPEC's 60 s hold release; then the expiry sweeps cover it
  pendingReleasesMax: 10_000, // give-backs one process keeps waiting: ~40 requests/s failing for the whole window; the oldest is pushed out to the sweeps

  // Credits: holds, ledger, burn caps, goodwill (SPEC.md §Credit hold, §Limits; src/store/
  // credits.ts, ledger.ts, lots.ts)
  ledgerListLimitDefault: 100, // GET /v1/credits/ledger page size when `limit` is absent
  ledgerListLimitMax: 1_000,
  ledgerVerifyBatchRowsMax: 1_000, // entries verifyLedger reads per statement
  instanceHeartbeatIntervalMs: 5_000, // a live instance refreshes heartbeat_at this often
  instanceHeartbeatStaleMs: 15_000, // three missed heartbeats: the instance is dead and its holds go
  holdSweepIntervalMs: 10_000, // stale 15 s + sweep 10 s + heartbeat 5 s stays inside SPEC's 60 s release
  holdSweepBatchMax: 500, // holds one sweep releases; the next sweep takes the rest
  newAccountBurnCapCreditsPerDay: 20_000, // SPEC.md: first week, per trailing 24 h
  newAccountBurnCapMs: 7 * 24 * 60 * 60 * 1000, // the first week after the organization was created
  burnCapWindowMs: 24 * 60 * 60 * 1000, // the trailing window of both burn caps
  goodwillLifetimeMonths: 12, // SPEC.md rule 6: goodwill credits expire after 12 months
  goodwillGrantCreditsMax: 10_000_000, // one support grant; anything larger is a contract
  goodwillExpiryBatchMax: 500, // expired goodwill lots one sweep handles

  // Payments, refunds, trust tiers (SPEC.md §Credit purchase, §Trust tier, §Purchase limits;
  // src/store/payments.ts)
  purchaseUsdMin: 25,
  purchaseUsdSelfServeMax: 2_500, // above it, purchase is by contract invoice
  purchaseWindowMs: 24 * 60 * 60 * 1000, // "max per 24 hours" is a trailing window
  refundWindowMs: 30 * 24 * 60 * 60 * 1000, // 30 days from settlement
  refundsPerOrgMax: 2, // per account lifetime
  riskEventWindowMs: 90 * 24 * 60 * 60 * 1000, // a refund, dispute or fraud warning holds tier 1 for 90 days
  trustTier2AfterFirstSettleMs: 7 * 24 * 60 * 60 * 1000,
  trustTier3AfterFirstSettleMs: 30 * 24 * 60 * 60 * 1000,
  trustTier3SettledUsdCentsMin: 25_000, // 250 USD lifetime settled
  trustTier1TopUpUsdMax: 100,
  trustTier1UsdPerDayMax: 100,
  trustTier1BalanceCreditsMax: 400_000,
  trustTier2TopUpUsdMax: 500,
  trustTier2UsdPerDayMax: 1_000,
  trustTier2BalanceCreditsMax: 4_000_000,
  trustTier3TopUpUsdMax: 2_500,
  trustTier3UsdPerDayMax: 5_000,
  trustTier3BalanceCreditsMax: 20_000_000,

  // Client metadata, the `metadata` option (DECISIONS.md §Requests; src/api/options.ts).
  // Characters are Unicode code points, as JSON Schema's maxLength counts them.
  metadataKeysMax: 16,
  metadataKeyCharsMax: 40,
  metadataValueCharsMax: 500,
  metadataSerializedBytesMax: 4 * 1024, // 4 KiB of UTF-8 JSON (JSON.stringify of the object)

  // Console: sessions, sign-in links, forms, pages (DECISIONS.md §Console and payments;
  // src/console)
  consoleSessionIdleMs: 12 * 60 * 60 * 1000, // 12 h without a request signs the browser out
  consoleSessionAbsoluteMs: 7 * 24 * 60 * 60 * 1000, // 7 d after sign-in, whatever the activity
  consoleSessionTouchIntervalMs: 60_000, // last_seen_at is written at most once a minute per session
  consoleBrowserCookieMs: 24 * 60 * 60 * 1000, // 1 d: the svc_link browser nonce (sign-in form CSRF, link binding)
  magicLinkTtlMs: 15 * 60 * 1000, // 15 min, single use (DECISIONS.md)
  magicLinkRetentionMs: 24 * 60 * 60 * 1000, // a spent or expired link's row is kept 1 d, so its page can say why it fails
  signInEmailRequestsMax: 5, // sign-in mails per address per window
  signInEmailWindowMs: 15 * 60 * 1000,
  signInIpRequestsMax: 20, // sign-in requests per client address per window
  signInIpWindowMs: 60 * 60 * 1000,
  consolePurgeRowsMax: 100, // expired links, sessions or idle sign-in meters one sign-in deletes: short statements
  consoleFormBytesMax: 16 * 1024, // 16 KiB: a console form body (the longest is a key's allowlist)
  consoleLedgerPageRowsMax: 50, // ledger entries per console page
  consoleUsageRecordsPageRowsMax: 50, // usage records per console page
  consoleUsageChartDays: 30, // days in the usage chart and table, today included
  consolePurchasePollIntervalMs: 1_000, // the return page asks for the purchase's status this often
  consolePurchasePollMsMax: 10 * 60 * 1000, // then stops and asks the customer to refresh later
  playgroundImageWidthMax: 900, // px: the Try it page's page image, at most this wide…
  playgroundImagePixelsMax: 1_500_000, // …and this many pixels (a tall page is scaled down to fit)
  playgroundImagePagesMax: 50, // pages of one Try it conversion that get an image; later pages show their Markdown only

  // Payment processors and their notifications (DECISIONS.md §Console and payments;
  // src/payments)
  webhookSignatureAgeMsMax: 300_000, // 300 s, Stripe's default tolerance: an older signed notification is refused
  webhookBodyBytesMax: 256 * 1024, // 256 KiB: processor events are a few KiB
  webhookBodyMsMax: 10_000, // 10 s from the first byte: a processor sends its small body at once
  sandboxCheckoutLifetimeMs: 24 * 60 * 60 * 1000, // 24 h, as a Stripe Checkout Session
  sandboxFormBytesMax: 16 * 1024, // the Pay/Cancel form: a currency and the session token
  sandboxDeliveryMsMax: 10_000, // the sandbox's POST of a notification to our webhook
  stripeApiTimeoutMs: 20_000, // one Stripe API call (checkout, refund, lookup)
  stripeNetworkRetriesMax: 2, // the SDK retries with idempotency keys, so a retry never doubles
} as const;

export type Limits = typeof limits;

/** Objects in a PDF's cross-reference table beyond which it is `pdf_too_complex`. */
export const pdfObjectsMax = 2_000_000;
