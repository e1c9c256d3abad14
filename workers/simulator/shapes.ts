// The JSON shapes each WAHA engine answers and sends. NOWEB is the default
// (the engine PROVIDER.md chooses); WEBJS is kept so the product is tested
// against both. Sources: WAHA's src/core/engines/noweb/session.noweb.core.ts
// (toWAMessage, getFromToParticipant, convertMessageUpdateToMessageAck) and
// shared/whatsapp/WAHA-FIDELITY.md.
import { ackName, serializedId, type SimAddon, type SimEngine, type SimMessage, type SimSession } from "./state";

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
      key: baileysKey(m.chatId, m.fromMe, m.keyId, m.pnAlt),
      messageTimestamp: m.timestamp,
      pushName: m.pushName,
      message: { conversation: m.body },
    },
  };
}

/**
 * Baileys' message key. For a `@lid` chat WhatsApp (Baileys 7) also names the
 * phone chat when it shares it: `remoteJidAlt`, with `addressingMode: "lid"`.
 */
function baileysKey(chatId: string, fromMe: boolean, id: string, pnAlt?: string | null) {
  const key: Record<string, unknown> = { remoteJid: jid(chatId), fromMe, id };
  if (chatId.endsWith("@lid")) {
    key.addressingMode = "lid";
    if (pnAlt) key.remoteJidAlt = jid(pnAlt);
  }
  return key;
}

/**
 * message.reaction, message.edited and message.revoked, as WAHA builds them
 * (NOWEB: processMessageReaction, and the messagesEdited$/messagesRevoked$
 * streams of subscribeEngineEvents2; WEBJS: the message_reaction,
 * message_edit and message_revoke_everyone handlers). See docs/whatsapp-fidelity.md.
 */
export function addonPayload(engine: SimEngine, s: SimSession, a: SimAddon): Record<string, unknown> {
  const me = s.me?.id ?? "";
  const own = serializedId({ fromMe: a.fromMe, chatId: a.chatId, keyId: a.keyId });
  const sides =
    engine === "WEBJS" ? { from: a.fromMe ? me : a.chatId, to: a.fromMe ? a.chatId : me } : { from: a.chatId };
  const data =
    engine === "WEBJS"
      ? { id: { fromMe: a.fromMe, remote: a.chatId, id: a.keyId, _serialized: own }, t: a.timestamp }
      : { key: baileysKey(a.chatId, a.fromMe, a.keyId, a.target.pnAlt), messageTimestamp: a.timestamp };
  if (a.kind === "reaction") {
    return {
      id: own,
      timestamp: a.timestamp,
      ...sides,
      fromMe: a.fromMe,
      source: "app",
      participant: null,
      reaction: { text: a.text, messageId: serializedId(a.target) },
      _data: data,
    };
  }
  if (a.kind === "edit") {
    // The edit's own message, with the new text as body and the edited message's bare key id.
    return {
      id: own,
      timestamp: a.timestamp,
      ...sides,
      fromMe: a.fromMe,
      source: "app",
      body: a.text,
      hasMedia: false,
      editedMessageId: a.target.keyId,
      _data: data,
    };
  }
  // Revoke: `after` is the protocol message that deleted it; NOWEB has no `before`, WEBJS the message as it was.
  const after = {
    id: own,
    timestamp: a.timestamp,
    ...sides,
    fromMe: a.fromMe,
    source: "app",
    body: "",
    hasMedia: false,
    _data: data,
  };
  return {
    after,
    before: engine === "WEBJS" && a.before ? messagePayload(engine, s, a.before) : null,
    revokedMessageId: a.target.keyId,
    _data: data,
  };
}

/** POST /api/sendText's answer: NOWEB the raw Baileys message (no top-level id), WEBJS the message with id._serialized. */
export function sendTextAnswer(engine: SimEngine, s: SimSession, m: SimMessage): Record<string, unknown> {
  if (engine === "WEBJS") {
    const id = serializedId(m);
    const key = { fromMe: true, remote: m.chatId, id: m.keyId, _serialized: id };
    return {
      // whatsapp-web.js' Message: the raw model in _data, then its own fields.
      _data: {
        id: key,
        body: m.body,
        type: "chat",
        t: m.timestamp,
        from: wid(s.me?.id ?? ""),
        to: wid(m.chatId),
        ack: 0,
      },
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
    base.error = blocked
      ? { code: String(error.code), blocked, reason: error.reason, until: null }
      : { code: String(error.code), blocked };
    // Baileys reports the server's error code in the update's stub parameters.
    base._data = {
      key: { remoteJid: jid(m.chatId), fromMe: true, id: m.keyId },
      update: { status: 0, messageStubParameters: [String(error.code)] },
    };
  }
  return base;
}

export function sessionInfo(engine: SimEngine, s: SimSession) {
  return { name: s.name, status: s.status, engine: { engine }, config: s.config, me: s.me };
}
