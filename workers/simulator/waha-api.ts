// The WAHA-compatible part: /api/... paths, bodies and status codes as WAHA has them.
import { HttpError, readJson, send, sendJson, sleep } from "./http";
import { mustGet, sessionInfo, type Route } from "./context";
import { toChatId, type SessionConfig } from "./state";
import { messagePayload } from "./webhooks";

const NOT_READY = "Session status is not as expected. Try again later or restart the session";

export async function handleApi({ req, res, url, parts, sim }: Route): Promise<boolean> {
  const m = req.method ?? "GET";
  const [, a, b, c, d] = parts; // parts[0] === "api"

  if (a === "sessions" && b === undefined) {
    if (m === "GET") return sendJson(res, 200, [...sim.state.sessions.values()].map(sessionInfo)), true;
    if (m !== "POST") return false;
    const body = await readJson(req);
    const name = body.name === undefined ? "default" : body.name;
    if (typeof name !== "string" || !/^[\w.-]{1,64}$/.test(name)) throw new HttpError(400, "name must be 1-64 letters, digits, _ . -");
    if (sim.state.get(name)) throw new HttpError(422, `Session '${name}' already exists. Use PUT to update it.`);
    const config = (typeof body.config === "object" && body.config !== null ? body.config : {}) as SessionConfig;
    if (config.webhooks !== undefined && !Array.isArray(config.webhooks)) throw new HttpError(400, "config.webhooks must be an array");
    const s = sim.state.create(name, config, body.start !== false); // WAHA starts unless start:false
    return sendJson(res, 201, sessionInfo(s)), true;
  }

  if (a === "sessions" && b !== undefined && d === undefined) {
    if (c === undefined && m === "GET") return sendJson(res, 200, sessionInfo(mustGet(sim, b))), true;
    if (c === undefined && m === "DELETE") {
      sim.state.remove(b); // repeatable: a missing session is fine
      return send(res, 200, "text/plain", ""), true;
    }
    if (c === "me" && m === "GET") return sendJson(res, 200, mustGet(sim, b).me), true;
    if (m !== "POST" || !c) return false;
    const s = mustGet(sim, b);
    if (c === "start") sim.state.start(s);
    else if (c === "stop") sim.state.stop(s);
    else if (c === "restart") sim.state.restart(s);
    else if (c === "logout") sim.state.logout(s);
    else return false;
    return sendJson(res, 201, sessionInfo(s)), true;
  }

  if (b === "auth" && c === "qr" && d === undefined && m === "GET") {
    const s = mustGet(sim, a);
    // Like WAHA, wait up to 5 s for a starting session to reach the QR.
    for (let i = 0; i < 50 && s.status === "STARTING"; i++) await sleep(100);
    const png = s.status === "SCAN_QR_CODE" ? await sim.qrPng(s) : null;
    if (!png) throw new HttpError(422, `${NOT_READY}. Status: ${s.status}, expected: SCAN_QR_CODE`);
    if (url.searchParams.get("format") === "raw") return sendJson(res, 200, { value: s.qr }), true;
    if ((req.headers.accept ?? "").includes("application/json")) {
      return sendJson(res, 200, { mimetype: "image/png", data: png.toString("base64") }), true;
    }
    return send(res, 200, "image/png", png), true;
  }

  if (a === "sendText" && b === undefined && m === "POST") {
    const body = await readJson(req);
    const s = mustGet(sim, typeof body.session === "string" ? body.session : "default");
    const chatId = typeof body.chatId === "string" ? toChatId(body.chatId.replace(/@s\.whatsapp\.net$/, "@c.us")) : null;
    if (!chatId) throw new HttpError(400, "chatId is required, e.g. 4917611111111@c.us");
    if (typeof body.text !== "string" || body.text === "") throw new HttpError(400, "text is required");
    if (s.status !== "WORKING") throw new HttpError(422, `${NOT_READY}. Status: ${s.status}, expected: WORKING`);
    if (sim.state.takeSendFailure(s)) {
      s.sends.failed++;
      throw new HttpError(500, "Simulated transient failure: message not sent");
    }
    s.sends.accepted++;
    const msg = sim.state.addMessage(s, { chatId, fromMe: true, source: "api", body: body.text });
    s.sent.push({ chatId, text: body.text, timestamp: Date.now() });
    const keyId = msg.id.split("_").pop();
    // NOWEB answers with the Baileys message (key.id); `id` is added so callers can match the webhook.
    return sendJson(res, 201, {
      id: msg.id,
      key: { remoteJid: chatId.replace(/@c\.us$/, "@s.whatsapp.net"), fromMe: true, id: keyId },
      message: { extendedTextMessage: { text: body.text } },
      messageTimestamp: msg.timestamp,
      status: "PENDING",
    }), true;
  }

  if (b === "chats" && d === "messages" && parts.length === 5 && m === "GET") {
    const s = mustGet(sim, a);
    if (s.status !== "WORKING") throw new HttpError(422, `${NOT_READY}. Status: ${s.status}, expected: WORKING`);
    const chatId = toChatId(c!.replace(/@s\.whatsapp\.net$/, "@c.us"));
    if (!chatId) throw new HttpError(400, "Invalid chatId");
    const rawLimit = Number(url.searchParams.get("limit") ?? 100);
    const limit = Number.isFinite(rawLimit) ? Math.max(0, Math.min(Math.floor(rawLimit), 1000)) : 100;
    const gte = Number(url.searchParams.get("filter.timestamp.gte") ?? -Infinity);
    const lte = Number(url.searchParams.get("filter.timestamp.lte") ?? Infinity);
    const matching = (s.chats.get(chatId) ?? []).filter((x) => x.timestamp >= gte && x.timestamp <= lte);
    // The latest N, newest first, as WAHA's store answers.
    const list = limit === 0 ? [] : matching.slice(-limit).reverse();
    return sendJson(res, 200, list.map(messagePayload)), true;
  }

  if (a === "contacts" && b === "check-exists" && c === undefined && m === "GET") {
    const phone = (url.searchParams.get("phone") ?? "").replace(/[\s\-().+]/g, "");
    if (!phone) throw new HttpError(400, "phone is required");
    const s = mustGet(sim, url.searchParams.get("session") ?? "default");
    if (s.status !== "WORKING") throw new HttpError(422, `${NOT_READY}. Status: ${s.status}, expected: WORKING`);
    // Every plausible number is on WhatsApp here; obviously short or non-digit ones are not.
    const exists = /^\d{7,15}$/.test(phone);
    return sendJson(res, 200, { numberExists: exists, chatId: exists ? `${phone}@c.us` : null }), true;
  }
  return false;
}
