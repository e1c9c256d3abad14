// The WAHA-compatible part: /api/... paths, bodies and status codes as WAHA has them.
import { HttpError, readJson, send, sendJson, sleep } from "./http";
import { mustGet, mustRun, type Route, type SimContext } from "./context";
import { SESSION_NAME, toChatId, type SessionConfig, type SimSession, type SimStatus } from "./state";
import { messagePayload, sendTextAnswer, sessionInfo } from "./shapes";

/** WAHA's waitUntilStatus: wait for the status, then 422 with its body (no `message` field). */
async function waitUntil(sim: SimContext, s: SimSession, expected: SimStatus): Promise<void> {
  const end = Date.now() + sim.notWorkingWaitMs;
  while (s.status !== expected && Date.now() < end) await sleep(100);
  if (s.status === expected) return;
  throw new HttpError(422, "Session status is not as expected", {
    error: "Session status is not as expected. Try again later or restart the session",
    session: s.name,
    status: s.status,
    expected: [expected],
  });
}

/** A session that must be running (404 otherwise) and WORKING (wait, then 422). */
async function working(sim: SimContext, name: string): Promise<SimSession> {
  const s = mustRun(sim, name);
  await waitUntil(sim, s, "WORKING");
  return s;
}

function configOf(body: Record<string, unknown>): SessionConfig {
  const config = (typeof body.config === "object" && body.config !== null ? body.config : {}) as SessionConfig;
  if (config.webhooks !== undefined && !Array.isArray(config.webhooks))
    throw new HttpError(400, "config.webhooks must be an array");
  return config;
}

export async function handleApi({ req, res, url, parts, sim }: Route): Promise<boolean> {
  const m = req.method ?? "GET";
  const [, a, b, c, d] = parts; // parts[0] === "api"

  if (a === "server" && b === "version" && c === undefined && m === "GET") {
    return (sendJson(res, 200, { version: sim.version, engine: sim.engine, tier: sim.tier, browser: null }), true);
  }

  if (a === "sessions" && b === undefined) {
    if (m === "GET") {
      // WAHA lists running sessions; STOPPED ones only with ?all=true.
      const all = url.searchParams.get("all") === "true";
      const list = [...sim.state.sessions.values()].filter((s) => all || s.status !== "STOPPED");
      return (
        sendJson(
          res,
          200,
          list.map((s) => sessionInfo(sim.engine, s)),
        ),
        true
      );
    }
    if (m !== "POST") return false;
    const body = await readJson(req);
    const name = body.name === undefined ? "default" : body.name;
    if (typeof name !== "string" || !SESSION_NAME.test(name)) {
      // class-validator lists only the rules the name breaks.
      const message: string[] = [];
      if (typeof name !== "string" || !/^[a-zA-Z0-9_-]*$/.test(name))
        message.push("name must match /^[a-zA-Z0-9_-]*$/ regular expression");
      if (typeof name === "string" && name.length > 54)
        message.push("name must be shorter than or equal to 54 characters");
      if (message.length === 0) message.push("name should not be empty");
      throw new HttpError(400, "Bad Request", { statusCode: 400, message, error: "Bad Request" });
    }
    if (sim.state.get(name)) throw new HttpError(422, `Session '${name}' already exists. Use PUT to update it.`);
    const s = sim.state.create(name, configOf(body), body.start !== false); // WAHA starts unless start:false
    return (sendJson(res, 201, sessionInfo(sim.engine, s)), true);
  }

  if (a === "sessions" && b !== undefined && d === undefined) {
    if (c === undefined && m === "GET") return (sendJson(res, 200, sessionInfo(sim.engine, mustGet(sim, b))), true);
    if (c === undefined && m === "DELETE") {
      await sleep(sim.opDelayMs); // WAHA stops the engine and removes its files: 3 s or more
      sim.state.remove(b); // repeatable: a missing session is fine
      return (send(res, 200, "text/plain", ""), true);
    }
    if (c === undefined && m === "PUT") {
      const s = mustGet(sim, b);
      const body = await readJson(req);
      await sleep(sim.opDelayMs);
      sim.state.update(s, configOf(body));
      return (sendJson(res, 200, sessionInfo(sim.engine, s)), true);
    }
    if (c === "me" && m === "GET") return (sendJson(res, 200, mustGet(sim, b).me), true);
    if (m !== "POST" || !c) return false;
    const s = mustGet(sim, b);
    if (c === "start") sim.state.start(s);
    else if (c === "stop") sim.state.stop(s);
    else if (c === "restart") {
      await sleep(sim.opDelayMs);
      sim.state.restart(s);
    } else if (c === "logout") {
      if (s.status !== "STOPPED") await sleep(sim.opDelayMs); // WAHA stops the engine before it logs out
      sim.state.logout(s);
    } else return false;
    return (sendJson(res, 201, sessionInfo(sim.engine, s)), true);
  }

  if (b === "auth" && c === "qr" && d === undefined && m === "GET") {
    const s = mustRun(sim, a);
    await waitUntil(sim, s, "SCAN_QR_CODE");
    const png = await sim.qrPng(s);
    if (!png) throw new HttpError(422, "No QR code");
    if (url.searchParams.get("format") === "raw") return (sendJson(res, 200, { value: s.qr }), true);
    if ((req.headers.accept ?? "").includes("application/json")) {
      return (sendJson(res, 200, { mimetype: "image/png", data: png.toString("base64") }), true);
    }
    return (send(res, 200, "image/png", png), true);
  }

  if (a === "sendText" && b === undefined && m === "POST") {
    const body = await readJson(req);
    const s = mustRun(sim, typeof body.session === "string" ? body.session : "default");
    const chatId = typeof body.chatId === "string" ? toChatId(body.chatId) : null;
    if (!chatId) throw new HttpError(400, "chatId is required, e.g. 4917611111111@c.us");
    if (typeof body.text !== "string" || body.text === "") throw new HttpError(400, "text is required");
    await waitUntil(sim, s, "WORKING");
    if (sim.state.takeSendFailure(s)) {
      s.sends.failed++;
      throw new HttpError(500, "Simulated transient failure: message not sent");
    }
    const msg = sim.state.accepted(s, chatId, body.text);
    return (sendJson(res, 201, sendTextAnswer(sim.engine, s, msg)), true);
  }

  if (b === "chats" && c === "overview" && d === undefined && m === "GET") {
    // GET /api/{session}/chats/overview: chats with their last message, the most recent first (limit 20 by default).
    const s = await working(sim, a);
    const rawLimit = Number(url.searchParams.get("limit") ?? 20);
    const limit = Number.isFinite(rawLimit) ? Math.max(0, Math.min(Math.floor(rawLimit), 1000)) : 20;
    const rawOffset = Number(url.searchParams.get("offset") ?? 0);
    const offset = Number.isFinite(rawOffset) ? Math.max(0, Math.floor(rawOffset)) : 0;
    const chats = [...s.chats.entries()]
      .filter(([, list]) => list.length > 0)
      .map(([id, list]) => ({ id, last: list[list.length - 1] }))
      .sort((x, y) => y.last.timestamp - x.last.timestamp || (x.id < y.id ? -1 : 1))
      .slice(offset, offset + limit);
    const overview = chats.map(({ id, last }) => ({
      id,
      name: [...(s.chats.get(id) ?? [])].reverse().find((x) => !x.fromMe && x.pushName)?.pushName ?? null,
      picture: null,
      lastMessage: messagePayload(sim.engine, s, last),
      _chat: { id, conversationTimestamp: last.timestamp },
    }));
    return (sendJson(res, 200, overview), true);
  }

  if (b === "chats" && d === "messages" && parts.length === 5 && m === "GET") {
    const s = await working(sim, a);
    const chatId = toChatId(c!);
    if (!chatId) throw new HttpError(400, "Invalid chatId");
    const rawLimit = Number(url.searchParams.get("limit") ?? 100);
    const limit = Number.isFinite(rawLimit) ? Math.max(0, Math.min(Math.floor(rawLimit), 1000)) : 100;
    const gte = Number(url.searchParams.get("filter.timestamp.gte") ?? -Infinity);
    const lte = Number(url.searchParams.get("filter.timestamp.lte") ?? Infinity);
    const rawOffset = Number(url.searchParams.get("offset") ?? 0);
    const offset = Number.isFinite(rawOffset) ? Math.max(0, Math.floor(rawOffset)) : 0;
    const matching = (s.chats.get(chatId) ?? []).filter((x) => x.timestamp >= gte && x.timestamp <= lte);
    // The latest N after `offset`, newest first, as WAHA's store answers.
    const list = matching.reverse().slice(offset, offset + limit);
    return (
      sendJson(
        res,
        200,
        list.map((x) => messagePayload(sim.engine, s, x)),
      ),
      true
    );
  }

  if (b === "lids" && c !== undefined && d === undefined && m === "GET") {
    const s = await working(sim, a);
    const lid = c.includes("@") ? c : `${c}@lid`;
    return (sendJson(res, 200, { lid, pn: s.lids.get(lid) ?? null }), true);
  }

  if (a === "contacts" && b === "check-exists" && c === undefined && m === "GET") {
    const phone = (url.searchParams.get("phone") ?? "").replace(/[\s\-().+]/g, "");
    if (!phone) throw new HttpError(400, "phone is required");
    await working(sim, url.searchParams.get("session") ?? "default");
    // Every plausible number is on WhatsApp here; obviously short or non-digit ones are not.
    const exists = /^\d{7,15}$/.test(phone);
    return (sendJson(res, 200, { numberExists: exists, chatId: exists ? `${phone}@c.us` : null }), true);
  }
  return false;
}
