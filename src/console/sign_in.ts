// Sign-up and sign-in by e-mailed link, and sign-out (SPEC.md rule 4).
//
//   GET  /console/sign-in   the form; gives the browser its svc_link nonce
//   POST /console/sign-in   {email} → always the same "check your inbox" page
//   GET  /console/auth      ?token= → a page whose button signs in (spends nothing)
//   POST /console/auth      {token} → spends the link, finds or creates the organization,
//                           opens a session, 303 to /console
//   POST /console/sign-out  ends the session
//
// Enumeration: POST /console/sign-in never reads the organizations. Known and unknown
// addresses do the same work (rate-limit take, link insert, mail) and get the same page; an
// address over its own limit gets that page too, without a mail. Only the per-IP limit,
// which says nothing about any address, answers differently (429).
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { limits } from "../config/limits.js";
import { gcraTake } from "../store/gcra.js";
import { createOrg, findOrgByEmail, normalizeEmail, type Org } from "../store/orgs.js";
import { BROWSER_COOKIE, clearCookie, serializeCookie, SESSION_COOKIE } from "./cookies.js";
import { browserBinding, browserNonce, currentSession, readPost, redirect, sendHtml, sessionBinding, type ConsoleDeps } from "./context.js";
import { randomToken, tokenDigest } from "./csrf.js";
import { field } from "./form.js";
import { checkMagicLink, consumeMagicLink, createMagicLink } from "./magic_links.js";
import { checkInboxPage, confirmSignInPage, linkRefusedPage, signInPage, tooManyRequestsPage } from "./pages/sign_in.js";
import { createSession, deleteSession } from "./sessions.js";

// The same rule as src/store/orgs.ts, so an address accepted here can always become an organization.
const emailSchema = z.email().max(limits.orgEmailCharsMax);

const seconds = (ms: number) => Math.floor(ms / 1000);

/** Meter owners in the meters table (which has no foreign key to orgs): hashes, so no address is stored. */
function meterOwner(kind: "email" | "ip", value: string): string {
  return `signin:${kind}:${createHash("sha256").update(value, "utf8").digest("hex")}`;
}

function takeSignIn(deps: ConsoleDeps, kind: "email" | "ip", value: string) {
  const max = kind === "email" ? limits.signInEmailRequestsMax : limits.signInIpRequestsMax;
  const periodMs = kind === "email" ? limits.signInEmailWindowMs : limits.signInIpWindowMs;
  return gcraTake(deps.store, { orgId: meterOwner(kind, value), meter: `signin_${kind}`, limitPerPeriod: max, periodMs, burst: max, cost: 1 });
}

/**
 * Deletes a bounded batch of sign-in meters that are full again (TAT in the past: the same
 * as no row), so the one row per address or network ever seen does not pile up. The outer
 * `tat_us` test is re-checked against a row a concurrent take just moved, which then stays.
 */
async function purgeIdleSignInMeters(deps: ConsoleDeps): Promise<void> {
  const nowUs = String(Math.floor(deps.store.now() * 1000));
  await deps.store.db.query(
    `DELETE FROM meters WHERE tat_us < $1::bigint AND (org_id, meter) IN (
       SELECT org_id, meter FROM meters WHERE meter IN ('signin_email', 'signin_ip') AND tat_us < $1::bigint LIMIT $2)`,
    [nowUs, limits.consolePurgeRowsMax],
  );
}

/** The svc_link cookie to send: the browser's own nonce, renewed, or a new one. */
function ensureNonce(request: FastifyRequest, deps: ConsoleDeps): { nonce: string; cookie: string } {
  const nonce = browserNonce(request) ?? randomToken();
  return { nonce, cookie: serializeCookie(BROWSER_COOKIE, nonce, { secure: deps.secure, maxAgeS: seconds(limits.consoleBrowserCookieMs) }) };
}

async function findOrCreateOrg(deps: ConsoleDeps, email: string): Promise<{ org: Org; created: boolean }> {
  const found = await findOrgByEmail(deps.store, email);
  if (found !== null) return { org: found, created: false };
  const made = await createOrg(deps.store, { email });
  if (made.ok) return { org: made.org, created: true };
  // Two first sign-ins for one address at once: the other one created it.
  const raced = made.reason === "email_taken" ? await findOrgByEmail(deps.store, email) : null;
  if (raced === null) throw new Error(`sign-in could not create an organization: ${made.reason}`);
  return { org: raced, created: false };
}

export function registerSignInRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  app.get("/console/sign-in", async (request, reply) => {
    if ((await currentSession(request, deps)) !== null) return redirect(reply, "/console");
    const { nonce, cookie } = ensureNonce(request, deps);
    return sendHtml(reply, 200, signInPage({ csrf: deps.csrf.token(browserBinding(nonce)) }), [cookie]);
  });

  app.post("/console/sign-in", async (request, reply) => {
    const nonce = browserNonce(request);
    const fields = await readPost(request, reply, nonce === undefined ? null : browserBinding(nonce), deps);
    if (fields === null || nonce === undefined) return reply;
    const ip = await takeSignIn(deps, "ip", request.ip);
    if (!ip.allowed) {
      const retryS = Math.max(1, Math.ceil((ip.retryAfterMs ?? 1000) / 1000));
      reply.header("retry-after", String(retryS));
      return sendHtml(reply, 429, tooManyRequestsPage(retryS));
    }
    const typed = field(fields, "email");
    const email = normalizeEmail(typed);
    if (!emailSchema.safeParse(email).success) {
      const csrf = deps.csrf.token(browserBinding(nonce));
      return sendHtml(reply, 400, signInPage({ csrf, email: typed.slice(0, limits.orgEmailCharsMax), error: "Enter a valid e-mail address, such as ops@example.com." }));
    }
    const perAddress = await takeSignIn(deps, "email", email);
    if (perAddress.allowed) {
      const token = await createMagicLink(deps.store, email, tokenDigest(nonce));
      const link = `${deps.baseUrl}/console/auth?token=${token}`;
      const minutes = limits.magicLinkTtlMs / 60_000;
      await deps.mailer.send({
        to: email,
        subject: "Your svc sign-in link",
        text:
          `Open this link to sign in to svc, or to create your account if you are new:\n\n${link}\n\n` +
          `It works once, for ${minutes} minutes, and only in the browser where you asked for it.\n` +
          `If you did not ask to sign in, ignore this mail: nothing happens without the link.\n`,
        links: [link],
      });
    } else {
      request.log.info({ meter: "signin_email" }, "sign-in mail not sent: per-address limit reached");
    }
    await purgeIdleSignInMeters(deps);
    return sendHtml(reply, 200, checkInboxPage());
  });

  app.get("/console/auth", async (request, reply) => {
    const token = (request.query as Record<string, unknown>).token;
    const nonce = browserNonce(request);
    const check = await checkMagicLink(deps.store, token, nonce);
    if (!check.ok || nonce === undefined) return sendHtml(reply, 400, linkRefusedPage(check.ok ? "other_browser" : check.reason));
    return sendHtml(reply, 200, confirmSignInPage({ csrf: deps.csrf.token(browserBinding(nonce)), token: String(token), email: check.email }));
  });

  app.post("/console/auth", async (request, reply) => {
    const nonce = browserNonce(request);
    const fields = await readPost(request, reply, nonce === undefined ? null : browserBinding(nonce), deps);
    if (fields === null) return reply;
    const used = await consumeMagicLink(deps.store, field(fields, "token"), nonce);
    if (!used.ok) return sendHtml(reply, 400, linkRefusedPage(used.reason));
    const { org, created } = await findOrCreateOrg(deps, used.email);
    const session = await createSession(deps.store, org.id);
    const cookie = serializeCookie(SESSION_COOKIE, session.token, { secure: deps.secure, maxAgeS: seconds(limits.consoleSessionAbsoluteMs) });
    return redirect(reply, created ? "/console?welcome=1" : "/console", [cookie]);
  });

  app.post("/console/sign-out", async (request, reply: FastifyReply) => {
    const authed = await currentSession(request, deps);
    if (authed === null) return redirect(reply, "/console/sign-in", [clearCookie(SESSION_COOKIE, deps.secure)]);
    const fields = await readPost(request, reply, sessionBinding(authed), deps, authed.who);
    if (fields === null) return reply;
    await deleteSession(deps.store, authed.session.tokenHash);
    return redirect(reply, "/console/sign-in", [clearCookie(SESSION_COOKIE, deps.secure)]);
  });
}
