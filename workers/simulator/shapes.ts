// The JSON shapes each WAHA engine answers and sends. NOWEB is the default
// (the engine PROVIDER.md chooses); WEBJS is kept so the product is tested
// against both. Sources: WAHA's src/core/engines/noweb/session.noweb.core.ts
// (toWAMessage, getFromToParticipant, convertMessageUpdateToMessageAck) and
// shared/whatsapp/WAHA-FIDELITY.md.
import { ackName, serializedId, type SimEngine, type SimMessage, type SimSession } from "./state";

const jid = (chatId: string) => chatId.replace(/@c\.us$/, "@s.whatsapp.net");

/** whatsapp-web.js' Wid object, as raw WEBJS data carries ids. */
const wid = (chatId: string) => {
  const [user, server] = chatId.split("@");
  return { server: server ?? "", user: user ?? "", _serialized: chatId };
};

/** A message as WAHA's message/message.any webhooks and GET .../messages carry it. */
export function messagePayload(engine: SimEngine, s: SimSession, m: SimMessage): Record<string, unknown> {
  const id = serializedId(m);
  const common = {
    id,
    timestamp: m.timestamp,
    fromMe: m.fromMe,
    source: m.source,
    body: m.body,
    hasMedia: false,
    media: null,
    ack: m.ack,
    ackName: ackName(m.ack),
    replyTo: null,
  };
  if (engine === "WEBJS") {
    const me = s.me?.id ?? "";
    return {
      ...common,
      from: m.fromMe ? me : m.chatId,
      to: m.fromMe ? m.chatId : me,
      _data: {
        id: { fromMe: m.fromMe, remote: m.chatId, id: m.keyId, _serialized: id },
        notifyName: m.pushName ?? undefined,
        body: m.body,
        type: "chat",
        t: m.timestamp,
      },
    };
  }
  // NOWEB: `from` is the chat (remoteJid) for both directions and there is no
  // `to` (nor `participant`) in a 1:1 chat; the sender's name is Baileys' pushName.
  return {
    ...common,
    from: m.chatId,
    _data: {
      key: { remoteJid: jid(m.chatId), fromMe: m.fromMe, id: m.keyId },
      messageTimestamp: m.timestamp,
      pushName: m.pushName,
      message: { conversation: m.body },
    },
  };
}

/** POST /api/sendText's answer: NOWEB the raw Baileys message (no top-level id), WEBJS the message with id._serialized. */
export function sendTextAnswer(engine: SimEngine, s: SimSession, m: SimMessage): Record<string, unknown> {
  if (engine === "WEBJS") {
    const id = serializedId(m);
    const key = { fromMe: true, remote: m.chatId, id: m.keyId, _serialized: id };
    return {
      // whatsapp-web.js' Message: the raw model in _data, then its own fields.
      _data: { id: key, body: m.body, type: "chat", t: m.timestamp, from: wid(s.me?.id ?? ""), to: wid(m.chatId), ack: 0 },
      id: key,
      ack: 0,
      hasMedia: false,
      body: m.body,
      type: "chat",
      timestamp: m.timestamp,
      from: s.me?.id ?? "",
      to: m.chatId,
      fromMe: true,
    };
  }
  return {
    key: { remoteJid: jid(m.chatId), fromMe: true, id: m.keyId },
    message: { extendedTextMessage: { text: m.body } },
    messageTimestamp: String(m.timestamp),
    status: "PENDING",
  };
}

/** message.ack: a change of a sent message's ack; an ERROR ack carries WhatsApp's error code. */
export function ackPayload(engine: SimEngine, s: SimSession, m: SimMessage, error?: { code: number; reason: string }) {
  const base: Record<string, unknown> = {
    id: serializedId(m),
    from: engine === "WEBJS" ? (s.me?.id ?? "") : m.chatId,
    participant: null,
    fromMe: m.fromMe,
    ack: m.ack,
    ackName: ackName(m.ack),
  };
  if (engine === "WEBJS") base.to = m.chatId;
  if (error) {
    // WAHA's WAMessageAckError: the code is a string; 463 (restricted) is "blocked".
    const blocked = error.code === 463;
    base.error = blocked ? { code: String(error.code), blocked, reason: error.reason, until: null } : { code: String(error.code), blocked };
    // Baileys reports the server's error code in the update's stub parameters.
    base._data = { key: { remoteJid: jid(m.chatId), fromMe: true, id: m.keyId }, update: { status: 0, messageStubParameters: [String(error.code)] } };
  }
  return base;
}

export function sessionInfo(engine: SimEngine, s: SimSession) {
  return { name: s.name, status: s.status, engine: { engine }, config: s.config, me: s.me };
}
