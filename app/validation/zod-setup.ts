// zod compiles its object parsers with `new Function` where the page allows
// eval, and finds out by trying once; under our Content-Security-Policy (no
// 'unsafe-eval') that caught try is still reported as a violation (the
// browser's Issues panel, Lighthouse's best practices). jitless skips both
// the try and the compiling. Every file here that builds schemas imports
// this first (a new one must too), so the setting is in place before any
// schema exists; pages without forms do not load zod for it.
import { z } from "zod";

z.config({ jitless: true });
