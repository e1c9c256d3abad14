// /__sim/...: the "phone" side of the simulator, for people (the page) and tests.
import { HttpError, readJson, send, sendJson } from "./http";
import { mustGet, summary, type Route } from "./context";
import { toChatId, type SimSession } from "./state";
import { addonPayload, messagePayload } from "./shapes";
import { renderPage } from "./page";

function text(v: unknown, field: string): string {
  if (typeof v !== "string" || v.trim() === "") throw new HttpError(400, `${field} is required`);
  if (v.length > 65536) throw new HttpError(400, `${field} is too long`);
  return v;
}

function chatOf(v: unknown, field: string): string {
  const id = typeof v === "string" || typeof v === "number" ? toChatId(String(v)) : null;
  if (!id) throw new HttpError(400, `${field} must be phone digits (or a chat id)`);
  return id;
}

function count(v: unknown, field: string, max: number): number {
  if (!Number.isInteger(v) || (v as number) < 0 || (v as number) > max)
    throw new HttpError(400, `${field} must be a whole number from 0 to ${max}`);
  return v as number;
}

function mustWork(s: SimSession): void {
  if (s.status !== "WORKING") throw new HttpError(409, `Session is ${s.status}, not WORKING`);
}

export async function handleControl({ req, res, parts, sim }: Route): Promise<boolean> {
  const m = req.method ?? "GET";
  const [, a, name, action] = parts; // parts[0] === "__sim"

  if (a === undefined && m === "GET") return (send(res, 200, "text/html; charset=utf-8", renderPage(sim)), true);
  if (a === "gateway" && name === undefined && m === "POST") {
    // The gateway itself: another version (an old WAHA), or not reachable at all ({down: true}).
    const body = await readJson(req);
    if (body.version !== undefined) sim.version = text(body.version, "version");
    if (body.tier !== undefined) sim.tier = text(body.tier, "tier");
    if (body.down !== undefined) {
      if (typeof body.down !== "boolean") throw new HttpError(400, "down must be true or false");
      sim.down = body.down;
    }
    return (sendJson(res, 200, { version: sim.version, tier: sim.tier, down: sim.down === true }), true);
  }
  if (a !== "sessions") return false;
  if (name === undefined && m === "GET") {
    return (
      sendJson(
        res,
        200,
        [...sim.state.sessions.values()].map((s) => summary(sim, s)),
      ),
      true
    );
  }
  if (name === undefined || parts.length > 4) return false;
  const s = mustGet(sim, name);

  if (m === "GET") {
    if (action === undefined) return (sendJson(res, 200, summary(sim, s)), true);
    if (action === "sent") return (sendJson(res, 200, s.sent), true);
    if (action === "qr.png") {
      const png = s.status === "SCAN_QR_CODE" ? await sim.qrPng(s) : null;
      if (!png) throw new HttpError(404, "No QR code: the session is not in SCAN_QR_CODE");
      return (send(res, 200, "image/png", png), true);
    }
    return false;
  }
  if (m !== "POST") return false;
  const body = await readJson(req);

  switch (action) {
    case "scan": {
      if (s.status !== "SCAN_QR_CODE") throw new HttpError(409, `Session is ${s.status}, no QR code to scan`);
      const phone = body.phone === undefined ? "15550001111" : String(body.phone).replace(/[\s\-().+]/g, "");
      if (!/^\d{7,15}$/.test(phone)) throw new HttpError(400, "phone must be 7-15 digits");
      const pushName = body.pushName === undefined ? "Simulated Phone" : text(body.pushName, "pushName");
      sim.state.scan(s, phone, pushName);
      return (sendJson(res, 200, summary(sim, s)), true);
    }
    case "incoming": {
      mustWork(s);
      const chatId = chatOf(body.from, "from");
      const pushName = body.name === undefined ? undefined : text(body.name, "name");
      // A hidden number (@lid) whose phone WhatsApp shares: the lids API answers it.
      if (body.pn !== undefined) {
        if (!chatId.endsWith("@lid")) throw new HttpError(400, "pn is only for a @lid sender");
        s.lids.set(chatId, chatOf(body.pn, "pn"));
      }
      const msg = sim.state.addMessage(s, {
        chatId,
        fromMe: false,
        source: "app",
        body: text(body.body, "body"),
        pushName,
      });
      return (sendJson(res, 200, messagePayload(sim.engine, s, msg)), true);
    }
    case "reply": {
      mustWork(s);
      const chatId = chatOf(body.to, "to");
      const msg = sim.state.addMessage(s, { chatId, fromMe: true, source: "app", body: text(body.body, "body") });
      return (sendJson(res, 200, messagePayload(sim.engine, s, msg)), true);
    }
    case "fail": {
      // {loggedOut: true}: the phone logged this device out; a restart then ends FAILED again.
      if (body.loggedOut !== undefined && typeof body.loggedOut !== "boolean")
        throw new HttpError(400, "loggedOut must be true or false");
      sim.state.fail(s, body.loggedOut === true);
      return (sendJson(res, 200, summary(sim, s)), true);
    }
    case "react": {
      // The customer `from` reacts to the newest message the business sent them ("" removes the reaction).
      mustWork(s);
      const chatId = chatOf(body.from, "from");
      if (typeof body.reaction !== "string" || body.reaction.length > 32)
        throw new HttpError(400, 'reaction must be an emoji (or "" to remove it)');
      const addon = sim.state.react(s, chatId, body.reaction);
      if (!addon) throw new HttpError(404, "The business sent no message to that chat");
      return (sendJson(res, 200, addonPayload(sim.engine, s, addon)), true);
    }
    case "edit": {
      mustWork(s);
      const addon = sim.state.edit(s, chatOf(body.from, "from"), text(body.body, "body"));
      if (!addon) throw new HttpError(404, "That customer wrote no message");
      return (sendJson(res, 200, addonPayload(sim.engine, s, addon)), true);
    }
    case "revoke": {
      mustWork(s);
      const addon = sim.state.revoke(s, chatOf(body.from, "from"));
      if (!addon) throw new HttpError(404, "That customer wrote no message");
      return (sendJson(res, 200, addonPayload(sim.engine, s, addon)), true);
    }
    case "drop-webhooks":
      // The next N webhook events are lost (a receiver down longer than WAHA's retries).
      s.drops.next = count(body.next ?? 1, "next", 100000);
      return (sendJson(res, 200, summary(sim, s)), true);
    case "disconnect": {
      // The phone loses its connection: STARTING for `seconds`, then WORKING again.
      mustWork(s);
      const seconds = body.seconds ?? 12;
      if (typeof seconds !== "number" || !(seconds >= 0 && seconds <= 3600))
        throw new HttpError(400, "seconds must be a number from 0 to 3600");
      sim.state.disconnect(s, Math.round(seconds * 1000));
      return (sendJson(res, 200, summary(sim, s)), true);
    }
    case "restrict":
      // The next N sends are accepted (201), then WhatsApp refuses them: an ERROR ack with code 463.
      s.sends.restrictNext = count(body.next ?? 1, "next", 100000);
      return (sendJson(res, 200, summary(sim, s)), true);
    case "forget":
      // The gateway loses the session without a word, as a WAHA restarted without its volume.
      sim.state.forget(s.name);
      return (sendJson(res, 200, { forgotten: s.name }), true);
    case "fail-sends": {
      const { rate, next } = body;
      if (rate === undefined && next === undefined) throw new HttpError(400, "give rate (0..1) or next (N)");
      if (rate !== undefined) {
        if (typeof rate !== "number" || !(rate >= 0 && rate <= 1))
          throw new HttpError(400, "rate must be a number in 0..1");
        s.sends.failRate = rate;
      }
      if (next !== undefined) {
        if (!Number.isInteger(next) || (next as number) < 0)
          throw new HttpError(400, "next must be a whole number >= 0");
        s.sends.failNext = next as number;
      }
      return (sendJson(res, 200, { ...s.sends }), true);
    }
    default:
      return false;
  }
}
