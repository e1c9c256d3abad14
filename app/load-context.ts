declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException"> };
    /** This response's Content-Security-Policy nonce, for Remix's inline scripts. */
    cspNonce: string;
  }
}

export {};
