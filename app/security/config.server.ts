// What counts as a development setup, and what a public deploy must not ship
// with: a local APP_URL, the outbox as e-mail provider, or the secrets from
// .dev.vars.example. Checked on every request that reaches a public host.

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname) || hostname.endsWith(".localhost");
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/** The configuration says development: APP_URL points at this machine. */
export function configIsDevelopment(env: Env): boolean {
  const host = hostOf(env.APP_URL);
  return host !== null && isLocalHost(host);
}

/** Development routes answer only this: a local request to a development configuration. */
export function isDevelopmentRequest(request: Request, env: Env): boolean {
  return configIsDevelopment(env) && isLocalHost(new URL(request.url).hostname);
}

/** The browser tests' SQL door (POST /__dev/sql): only their stacks pass E2E_SQL = "1". */
export const sqlDoorOpen = (env: Env) => (env as Env & { E2E_SQL?: string }).E2E_SQL === "1";

/** The values shipped in .dev.vars.example: public, so never a production secret. */
const DEVELOPMENT_SECRETS: Partial<Record<keyof Env, string>> = {
  SESSION_SECRET: "local-dev-session-secret-change-me-0123456789",
  WEBHOOK_SECRET: "local-dev-webhook-secret-change-me-0123456789",
  WAHA_API_KEY: "local-dev-waha-key",
  VAPID_PRIVATE_KEY: "Z8UnrnCAwfyTBD2QdQwkVFgJy46CpS8iuKgR4sCP6co",
};

const MIN_SECRET_LENGTH = 32;

/**
 * What is wrong with this configuration for a public deploy, each with its
 * fix. Empty means fine. Only asked for requests that reach a public host, so
 * `npm run dev` and the tests keep their local defaults.
 */
/**
 * A WAHA configuration that cannot work: current WAHA generates a random key
 * when none is set, so an empty WAHA_API_KEY against a real gateway would
 * only show up later as 401s on every call.
 */
export function wahaConfigProblem(env: Pick<Env, "WAHA_URL" | "WAHA_API_KEY">): string | null {
  const host = hostOf(env.WAHA_URL);
  if (!host)
    return `WAHA_URL is not a URL ("${env.WAHA_URL}"): set it to the WhatsApp gateway's address in wrangler.toml [vars].`;
  if (!env.WAHA_API_KEY && !isLocalHost(host)) {
    return `WAHA_API_KEY is empty but WAHA_URL (${env.WAHA_URL}) is not local: set the gateway's key with "npx wrangler secret put WAHA_API_KEY".`;
  }
  return null;
}

export function productionProblems(env: Env): string[] {
  const problems: string[] = [];
  const host = hostOf(env.APP_URL);
  if (!host || isLocalHost(host) || !env.APP_URL.startsWith("https://")) {
    problems.push(
      `APP_URL is "${env.APP_URL}": set APP_URL in wrangler.toml [vars] to this site's https:// address and deploy again.`,
    );
  }
  if ((env.EMAIL_PROVIDER || "outbox") === "outbox") {
    problems.push(
      'EMAIL_PROVIDER is "outbox" (e-mails would stay in the database): set EMAIL_PROVIDER = "resend" in wrangler.toml [vars] and `wrangler secret put RESEND_API_KEY`.',
    );
  }
  for (const name of ["SESSION_SECRET", "WEBHOOK_SECRET"] as const) {
    const value = env[name] ?? "";
    if (value === DEVELOPMENT_SECRETS[name] || value.length < MIN_SECRET_LENGTH) {
      problems.push(
        `${name} is the development default or shorter than ${MIN_SECRET_LENGTH} characters: run \`openssl rand -base64 48 | npx wrangler secret put ${name}\`.`,
      );
    }
  }
  if (env.WAHA_API_KEY === DEVELOPMENT_SECRETS.WAHA_API_KEY) {
    problems.push(
      "WAHA_API_KEY is the development default: run `npx wrangler secret put WAHA_API_KEY` with your gateway's key.",
    );
  }
  if (env.VAPID_PRIVATE_KEY && env.VAPID_PRIVATE_KEY.trim() === DEVELOPMENT_SECRETS.VAPID_PRIVATE_KEY) {
    problems.push(
      "VAPID_PRIVATE_KEY is the development key pair (anyone could sign pushes as this site): make your own with `npx tsx workers/cli/vapid-keys.ts` and `npx wrangler secret put` VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.",
    );
  }
  if (sqlDoorOpen(env)) {
    problems.push("E2E_SQL is set (a test switch that opens the database to local requests): remove it from [vars].");
  }
  const waha = wahaConfigProblem(env);
  if (waha) problems.push(waha);
  return problems;
}
