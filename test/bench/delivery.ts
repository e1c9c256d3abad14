// Delivery benchmark: N due messages across B businesses, a share of sends
// failing transiently, through the real local queue (wrangler dev --local),
// the real cron handler (GET /__scheduled) and the WhatsApp simulator.
//   npx tsx test/bench/delivery.ts [--messages 10000] [--businesses 1000] [--fail-rate 0.1] [--timeout 900]
// Sends are paced as in production: the messages are business-started (the
// clients wrote to the salon first), so each business's Durable Object spaces
// one number's sends a random gap of the pause (here the smallest the owner
// can choose, 10 s) to three times it. Prints total time, messages per second,
// the smallest and median gap between two sends per number, duplicates and
// losses, and the bound pacing sets; exits 1 unless duplicates and losses are
// 0 and no number sent twice within the pause.
import { startSimulator } from "../../workers/simulator/server";
import { freePort, localD1, startWranglerDev } from "../support/local-server";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const MESSAGES = arg("messages", 10_000);
const BUSINESSES = arg("businesses", 1000);
const FAIL_RATE = arg("fail-rate", 0.1);
const TIMEOUT_S = arg("timeout", 900);
/** The business's pause between business-started messages (the smallest allowed); the gap is drawn from it to 3x it. */
const PAUSE_S = 10;
/** The Durable Object's margin for a send's own travel time (business-session.ts PACE_MARGIN_MS). */
const MARGIN_S = 0.5;
const PER_BUSINESS = Math.ceil(MESSAGES / BUSINESSES);

const median = (xs: number[]) => {
  const sorted = [...xs].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const log = (...a: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...a);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pad = (n: number, w: number) => String(n).padStart(w, "0");

function seedSql(now: number): { sql: string; expected: Map<string, string> } {
  const zones = ["Asia/Jerusalem", "Europe/London", "America/New_York", "UTC"];
  const out: string[] = [];
  const expected = new Map<string, string>(); // chatId|text -> message id
  const bookingDate = new Date(now + 30 * 86_400_000).toISOString().slice(0, 10);
  const [y, m, d] = bookingDate.split("-");
  let made = 0;
  for (let b = 0; b < BUSINESSES && made < MESSAGES; b++) {
    const biz = `bench-${pad(b, 3)}`;
    out.push(`INSERT INTO users (id, email, name) VALUES ('usr-${biz}', '${biz}@bench.local', 'Bench ${b}');`);
    // No quiet hours: the benchmark must not depend on the hour it runs at in four zones.
    out.push(`INSERT INTO businesses (id, owner_user_id, name, time_zone, quiet_start, quiet_end, pause_seconds)
      VALUES ('${biz}', 'usr-${biz}', 'Bench ${b}', '${zones[b % zones.length]}', '00:00', '00:00', ${PAUSE_S});`);
    out.push(`INSERT INTO rules (id, business_id, group_id, type, name, services, template, schedule_type, schedule_value, schedule_label)
      VALUES ('rul-${biz}', '${biz}', 'grp-${biz}', 'followup', 'Haircut', '["Haircut"]', 'Hi {name}, thanks for your {service} on {date}!', 'preset', '15', '15 days after appointment');`);
    const clients: string[] = [],
      bookings: string[] = [],
      messages: string[] = [],
      consent: string[] = [];
    for (let j = 0; j < PER_BUSINESS && made < MESSAGES; j++, made++) {
      const key = `${biz}-${pad(j, 4)}`;
      const phone = `97252${pad(b, 3)}${pad(j, 4)}`;
      const name = `Client ${b}.${j}`;
      clients.push(`('cli-${key}', '${biz}', '${name}', '${phone}')`);
      // The client wrote to the salon first: business-started messages may go to them.
      consent.push(`('${biz}', '${phone}', ${now - 86_400_000})`);
      bookings.push(`('bkg-${key}', '${biz}', 'cli-${key}', 'Haircut', '${bookingDate}', '10:00')`);
      messages.push(`('msg-${key}', '${biz}', 'rul-${biz}', 'bkg-${key}', '${bookingDate}', '10:00', ${now - 60_000})`);
      expected.set(`${phone}@c.us|Hi ${name}, thanks for your Haircut on ${d}/${m}/${y}!`, `msg-${key}`);
    }
    out.push(`INSERT INTO clients (id, business_id, name, phone) VALUES ${clients.join(",")};`);
    out.push(`INSERT INTO contact_consent (business_id, phone, first_in_at) VALUES ${consent.join(",")};`);
    out.push(
      `INSERT INTO bookings (id, business_id, client_id, service, booking_date, booking_time) VALUES ${bookings.join(",")};`,
    );
    out.push(
      `INSERT INTO scheduled_messages (id, business_id, rule_id, booking_id, send_date, send_time, send_at) VALUES ${messages.join(",")};`,
    );
  }
  return { sql: out.join("\n"), expected };
}

async function main() {
  log(`seeding ${MESSAGES} due messages across ${BUSINESSES} businesses`);
  const d1 = localD1("chatbook-bench-delivery-");
  const sim = await startSimulator({
    port: await freePort(),
    host: "127.0.0.1",
    qrDelayMs: 5,
    startDelayMs: 5,
    log: () => {},
  });
  let server: Awaited<ReturnType<typeof startWranglerDev>> | null = null;
  const stop = async () => {
    await server?.stop();
    server = null;
    await sim.close();
    d1.remove();
  };
  process.on("SIGINT", () => void stop().then(() => process.exit(130)));

  try {
    const { sql, expected } = seedSql(Date.now());
    d1.execute(sql);

    log(`connecting ${BUSINESSES} simulator sessions, ${Math.round(FAIL_RATE * 100)}% of sends failing`);
    const api = (p: string, body?: unknown) =>
      fetch(sim.url + p, {
        method: body === undefined ? "GET" : "POST",
        headers: { "Content-Type": "application/json", "X-Api-Key": "bench" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    for (let b = 0; b < BUSINESSES; b++) {
      const name = `bench-${pad(b, 3)}`;
      await api("/api/sessions", { name, start: true });
      for (
        let i = 0;
        i < 100 &&
        ((await (await api(`/__sim/sessions/${name}`)).json()) as { status: string }).status !== "SCAN_QR_CODE";
        i++
      )
        await sleep(20);
      await api(`/__sim/sessions/${name}/scan`, {});
      await api(`/__sim/sessions/${name}/fail-sends`, { rate: FAIL_RATE });
    }

    log("starting wrangler dev --local --test-scheduled (it builds first)");
    server = await startWranglerDev({
      persist: d1.persist,
      vars: { WAHA_URL: sim.url, DELIVERY_RETRY_SECONDS: "1" },
      logFiles: process.env.BENCH_WRANGLER_LOG ? [process.env.BENCH_WRANGLER_LOG] : [],
    });
    const appUrl = server.url;

    log("GET /__scheduled: the cron sweep claims and enqueues every due message");
    const t0 = Date.now();
    const cron = await fetch(`${appUrl}/__scheduled?cron=*+*+*+*+*`);
    if (cron.status !== 200) throw new Error(`/__scheduled answered ${cron.status}: ${await cron.text()}`);

    const accepted = async () => {
      const list = (await (await api("/__sim/sessions")).json()) as { sends: { accepted: number; failed: number } }[];
      return list.reduce((a, s) => ({ accepted: a.accepted + s.sends.accepted, failed: a.failed + s.sends.failed }), {
        accepted: 0,
        failed: 0,
      });
    };
    let done = 0;
    let ninetyNine = 0;
    let last = { accepted: 0, failed: 0 };
    let reported = t0;
    const deadline = t0 + TIMEOUT_S * 1000;
    while (Date.now() < deadline) {
      last = await accepted();
      if (!ninetyNine && last.accepted >= MESSAGES * 0.99) ninetyNine = Date.now();
      if (last.accepted >= MESSAGES) {
        done = Date.now();
        break;
      }
      if (Date.now() - reported >= 10_000) {
        reported = Date.now();
        log(`  ${last.accepted} sent, ${last.failed} transient failures so far`);
      }
      await sleep(250);
    }
    const elapsed = ((done || Date.now()) - t0) / 1000;
    await sleep(3000); // let stray duplicates, if any, arrive
    last = await accepted();

    // What the gateway received, message by message.
    const seen = new Map<string, number>();
    let smallestGap = Infinity;
    const medians: number[] = [];
    for (let b = 0; b < BUSINESSES; b++) {
      const sent = (await (await api(`/__sim/sessions/bench-${pad(b, 3)}/sent`)).json()) as {
        chatId: string;
        text: string;
        timestamp: number;
      }[];
      for (const s of sent) seen.set(`${s.chatId}|${s.text}`, (seen.get(`${s.chatId}|${s.text}`) ?? 0) + 1);
      // Pacing, as the gateway saw it: the gap between consecutive sends of this number.
      const times = sent.map((s) => s.timestamp).sort((x, y) => x - y);
      const gaps = times.slice(1).map((t, i) => t - times[i]);
      for (const g of gaps) smallestGap = Math.min(smallestGap, g);
      if (gaps.length) medians.push(median(gaps));
    }
    const duplicates = [...seen.values()].reduce((a, n) => a + n - 1, 0);
    const unexpected = [...seen.keys()].filter((k) => !expected.has(k)).length;
    const notDelivered = [...expected.keys()].filter((k) => !seen.has(k)).map((k) => expected.get(k)!);

    await server.stop();
    server = null;
    await sleep(1200);
    const status = Object.fromEntries(
      d1
        .query<{ status: string; n: number }>("SELECT status, count(*) AS n FROM scheduled_messages GROUP BY status")
        .map((r) => [r.status, r.n]),
    );
    const failedRows = notDelivered.length
      ? d1.query<{ id: string; status: string; last_error: string | null }>(
          `SELECT id, status, attempts, last_error FROM scheduled_messages WHERE id IN (${notDelivered
            .slice(0, 50)
            .map((id) => `'${id}'`)
            .join(",")})`,
        )
      : [];
    // A message the owner sees as Failed (with its reason) after every retry failed is reported, not lost;
    // a loss is a message neither delivered nor recorded as failed.
    const failedVisible = failedRows.filter((r) => r.status === "failed").length;
    const losses = notDelivered.length - failedVisible + unexpected;

    console.log("\nDelivery benchmark");
    // However fast the machine, one number's sends take at least (n - 1) pauses; on average the
    // random extra adds half its range to each.
    const perNumber = Math.min(PER_BUSINESS, MESSAGES);
    const bound = (perNumber - 1) * PAUSE_S;
    const expectedPaced = (perNumber - 1) * (2 * PAUSE_S + MARGIN_S);
    console.log(`  messages            ${MESSAGES} across ${BUSINESSES} businesses (${perNumber} per number)`);
    console.log(`  transient failures  ${last.failed} injected (${Math.round(FAIL_RATE * 100)}% of sends), retried`);
    console.log(`  delivered           ${seen.size} in ${elapsed.toFixed(1)} s${done ? "" : " (timed out)"}`);
    console.log(
      `  throughput          ${(seen.size / elapsed).toFixed(0)} messages/s (cron trigger to last accepted send)`,
    );
    if (ninetyNine)
      console.log(
        `  first 99%           ${((ninetyNine - t0) / 1000).toFixed(1)} s; the rest waits out retry backoff (1, 2, 4, 8 s)`,
      );
    console.log(`  rows by status      ${JSON.stringify(status)}`);
    console.log(
      `  failed after retries ${failedVisible}${failedRows.length ? ` ${JSON.stringify(failedRows.slice(0, 3))}` : ""}`,
    );
    console.log(`  total time          ${elapsed.toFixed(1)} s`);
    const s2 = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) + " s" : "n/a");
    console.log(
      `  smallest gap        ${s2(smallestGap)} between two sends of one number (the pause is ${PAUSE_S} s; gaps are drawn from ${PAUSE_S} to ${3 * PAUSE_S} s)`,
    );
    console.log(
      `  median gap          ${medians.length ? s2(median(medians)) : "n/a"} per number (median of the numbers' medians; smallest ${medians.length ? s2(Math.min(...medians)) : "n/a"}, largest ${medians.length ? s2(Math.max(...medians)) : "n/a"})`,
    );
    console.log(
      `  pacing bound        >= ${bound} s ((${perNumber} - 1) x ${PAUSE_S} s; ~${expectedPaced.toFixed(0)} s with the average random gap); total is ${(elapsed / Math.max(1, bound)).toFixed(1)}x the bound`,
    );
    console.log(`  duplicates          ${duplicates}`);
    console.log(`  losses              ${losses}`);
    const paced = !(smallestGap < PAUSE_S * 1000);
    const ok = duplicates === 0 && losses === 0 && paced;
    console.log(
      ok
        ? `\nOK: no duplicates, no losses, no number sent twice within ${PAUSE_S} s.`
        : `\nFAILED: duplicates, losses or a gap under ${PAUSE_S} s.`,
    );
    await stop();
    process.exit(ok ? 0 : 1);
  } catch (error) {
    console.error(error);
    await stop();
    process.exit(2);
  }
}

void main();
