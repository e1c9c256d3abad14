import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "~db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  publicDir: "app/public",
  // The service worker's version (app/routes/sw[.]js.ts): one per build, so a deploy replaces the old shell cache.
  define: { __BUILD_ID__: JSON.stringify(Date.now().toString(36)) },
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  build: {
    minify: true,
    rollupOptions: {
      // The server build is one bundle for wrangler: that a module the browser loads on demand is also
      // imported statically by server code is expected there, and the warning would bury real ones.
      onwarn(warning, warn) {
        if (isSsrBuild && warning.message.includes("dynamic import will not move module")) return;
        warn(warning);
      },
    },
  },
}));
