// Where a screen's server time goes: serves the built product as the other
// benchmarks do (a signed-in business with bench:lists' 5,000 clients and
// 50,000 bookings, or none with --empty), times sequential requests to each
// path, then samples the Worker's CPU through its inspector while the last
// path is requested again, and prints the functions that cost the most, self
// and inclusive, per request. Names are the bundle's (React's are minified).
//   npm run bench:profile [-- --empty] [-- /dashboard/clients /dashboard/calendar]   (build first)
import WebSocket from "ws";
import { ownerSql, volumeSql } from "./seed";
import { percentile } from "./stats";
import { localD1, startWranglerDev } from "../support/local-server";

const args = process.argv.slice(2);
const EMPTY = args.includes("--empty");
const named = args.filter((a) => a.startsWith("/"));
const PATHS = named.length ? named : ["/", "/dashboard/clients", "/dashboard/calendar"];
const RUNS = 60;
const PROFILED_RUNS = 40;

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const owner = ownerSql("profile");
const d1 = localD1("chatbook-profile-");
d1.execute(owner.sql);
if (!EMPTY) d1.execute(volumeSql(owner.businessId, 5000, 50_000));
const server = await startWranglerDev({ persist: d1.persist, testScheduled: false });
const get = async (path: string) => {
  const res = await fetch(server.url + path, { headers: { Cookie: owner.cookie } });
  const bytes = (await res.arrayBuffer()).byteLength;
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return bytes;
};

/** The inspector's DevTools protocol, one call at a time. */
async function inspector() {
  const targets = (await (await fetch(`http://127.0.0.1:${server.inspectorPort}/json`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  let next = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  ws.on("message", (raw) => {
    const message = JSON.parse(String(raw)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  const send = <T>(method: string, params = {}) =>
    new Promise<T>((resolve) => {
      const id = ++next;
      waiting.set(id, resolve as (result: unknown) => void);
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => ws.close() };
}

const label = ({ functionName, url, lineNumber }: CallFrame) =>
  `${functionName || "(anonymous)"} ${url.split("/").pop() || ""}:${lineNumber}`;

function report(profile: Profile, runs: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of selfUs) {
    const name = label(byId.get(id)!.callFrame);
    if (name.startsWith("(idle)")) continue;
    busy += us;
    self.set(name, (self.get(name) ?? 0) + us);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const outer = label(byId.get(at)!.callFrame);
      if (!seen.has(outer)) inclusive.set(outer, (inclusive.get(outer) ?? 0) + us);
      seen.add(outer);
    }
  }
  const ms = (us: number) => (us / 1000 / runs).toFixed(2).padStart(7);
  console.log(`CPU per request (sampled, inflated by the profiler): ${ms(busy)} ms`);
  const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log("\nself ms");
  for (const [name, us] of top(self, 25)) console.log(ms(us), name);
  console.log("\ninclusive ms");
  for (const [name, us] of top(inclusive, 40)) if (!name.startsWith("(root)")) console.log(ms(us), name);
}

try {
  console.log(
    `${RUNS} sequential requests per path after 5 warm-up ones (${EMPTY ? "an empty business" : "5,000 clients, 50,000 bookings"}):\n`,
  );
  for (const path of PATHS) {
    for (let i = 0; i < 5; i++) await get(path);
    const samples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      bytes = await get(path);
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    const at = (p: number) => percentile(samples, p).toFixed(1);
    console.log(
      `${path.padEnd(30)} p50 ${at(50).padStart(6)} ms  p95 ${at(95).padStart(6)} ms  ${(bytes / 1024).toFixed(1)} KB`,
    );
  }
  const profiled = PATHS[PATHS.length - 1];
  console.log(`\nProfile of ${profiled}, ${PROFILED_RUNS} requests:`);
  const devtools = await inspector();
  await devtools.send("Profiler.enable");
  await devtools.send("Profiler.setSamplingInterval", { interval: 100 });
  await devtools.send("Profiler.start");
  for (let i = 0; i < PROFILED_RUNS; i++) await get(profiled);
  const { profile } = await devtools.send<{ profile: Profile }>("Profiler.stop");
  devtools.close();
  report(profile, PROFILED_RUNS);
} finally {
  await server.stop();
  d1.remove();
}
