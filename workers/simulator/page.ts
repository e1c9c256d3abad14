// GET /__sim: a plain page to play the phone: scan the QR, write as a customer,
// see what the product sent. Forms post JSON to the /__sim control API.
import { summary, type SimContext } from "./context";

const esc = (s: unknown) =>
  String(s ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

function sessionCard(sim: SimContext, name: string): string {
  const s = sim.state.get(name)!;
  const info = summary(sim, s);
  const base = `/__sim/sessions/${encodeURIComponent(name)}`;
  const id = (f: string) => esc(`${name}-${f}`);
  const qr =
    s.status === "SCAN_QR_CODE"
      ? `<p><img src="${base}/qr.png?v=${encodeURIComponent(s.qr ?? "")}" alt="QR code for session ${esc(name)}" width="264" height="264"></p>
         <form data-action="${base}/scan">
           <label for="${id("phone")}">Phone digits</label> <input id="${id("phone")}" name="phone" value="15550001111" inputmode="numeric">
           <label for="${id("push")}">Display name</label> <input id="${id("push")}" name="pushName" value="Simulated Phone">
           <button>Scan</button></form>`
      : "";
  const working = s.status === "WORKING";
  const sent = s.sent
    .slice(-20)
    .reverse()
    .map(
      (x) =>
        `<li><time>${esc(new Date(x.timestamp).toISOString())}</time> to <code>${esc(x.chatId)}</code>: ${esc(x.text)}</li>`,
    )
    .join("");
  return `<section>
  <h2>${esc(name)} <small>${esc(s.status)}</small></h2>
  <p>Logged in as: ${s.me ? `${esc(s.me.pushName)} (<code>${esc(s.me.id)}</code>)` : "nobody"}.
     Sends accepted ${info.sends.accepted}, failed ${info.sends.failed}. Webhooks ok ${info.webhooks.ok}, retried ${info.webhooks.retries}, given up ${info.webhooks.failed}.</p>
  ${qr}
  ${
    working
      ? `<form data-action="${base}/incoming"><fieldset><legend>Write as a customer</legend>
      <label for="${id("from")}">Customer phone</label> <input id="${id("from")}" name="from" value="4917611111111" inputmode="numeric" required>
      <label for="${id("name")}">Customer name</label> <input id="${id("name")}" name="name" value="Anna">
      <label for="${id("body")}">Message</label> <input id="${id("body")}" name="body" size="40" required>
      <button>Send to business</button></fieldset></form>
    <form data-action="${base}/reply"><fieldset><legend>Reply as the owner (typed on the phone)</legend>
      <label for="${id("to")}">To phone</label> <input id="${id("to")}" name="to" inputmode="numeric" required>
      <label for="${id("rbody")}">Message</label> <input id="${id("rbody")}" name="body" size="40" required>
      <button>Reply</button></fieldset></form>
    <form data-action="${base}/react"><fieldset><legend>React as a customer (to the business's newest message to them)</legend>
      <label for="${id("xfrom")}">Customer phone</label> <input id="${id("xfrom")}" name="from" value="4917611111111" inputmode="numeric" required>
      <label for="${id("reaction")}">Reaction</label> <input id="${id("reaction")}" name="reaction" value="👍" size="4">
      <button>React</button></fieldset></form>
    <form data-action="${base}/edit"><fieldset><legend>Edit the customer's newest message</legend>
      <label for="${id("efrom")}">Customer phone</label> <input id="${id("efrom")}" name="from" value="4917611111111" inputmode="numeric" required>
      <label for="${id("ebody")}">New text</label> <input id="${id("ebody")}" name="body" size="40" required>
      <button>Edit</button></fieldset></form>
    <form data-action="${base}/revoke"><fieldset><legend>Delete the customer's newest message (for everyone)</legend>
      <label for="${id("dfrom")}">Customer phone</label> <input id="${id("dfrom")}" name="from" value="4917611111111" inputmode="numeric" required>
      <button>Delete</button></fieldset></form>`
      : ""
  }
  ${
    working
      ? `<form data-action="${base}/disconnect"><fieldset><legend>Drop the phone's connection (STARTING, then WORKING again)</legend>
      <label for="${id("seconds")}">Seconds offline</label> <input id="${id("seconds")}" name="seconds" type="number" min="0" max="3600" step="any" value="12" required>
      <button>Disconnect</button></fieldset></form>`
      : ""
  }
  <form data-action="${base}/restrict"><fieldset><legend>Restrict the account (sends accepted, then an ERROR ack, code 463)</legend>
    <label for="${id("next")}">Next sends to refuse</label> <input id="${id("next")}" name="next" type="number" min="0" max="100000" step="1" value="${esc(s.sends.restrictNext || 1)}" required>
    <button>Restrict</button> <small>Refused so far: ${info.sends.restricted}; still to refuse: ${info.sends.restrictNext}.</small></fieldset></form>
  <form data-action="${base}/drop-webhooks"><fieldset><legend>Lose webhooks (the receiver was down past WAHA's retries)</legend>
    <label for="${id("drop")}">Next events to drop</label> <input id="${id("drop")}" name="next" type="number" min="0" max="100000" step="1" value="${esc(s.drops.next || 3)}" required>
    <button>Drop</button> <small>Dropped so far: ${s.drops.dropped}; still to drop: ${s.drops.next}.</small></fieldset></form>
  <form data-action="${base}/forget" data-confirm="Forget session ${esc(name)}? The gateway loses it without any event."><button>Forget the session (no event)</button></form>
  <form data-action="${base}/fail"><button>Make the session fail</button></form>
  <form data-action="${base}/fail" data-logged-out><button>Log this device out from the phone (FAILED, restarts fail too)</button></form>
  <h3>Sent by the product (latest 20)</h3>
  <ul>${sent || "<li>Nothing yet.</li>"}</ul>
</section>`;
}

export function renderPage(sim: SimContext): string {
  const names = [...sim.state.sessions.keys()];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>WhatsApp simulator</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; max-width: 760px; margin: 1rem auto; padding: 0 1rem; color: #111; }
  section { border: 1px solid #ccc; border-radius: 8px; padding: 0.5rem 1rem; margin: 1rem 0; }
  h2 small { font-weight: normal; color: #555; }
  label { display: inline-block; margin: 0.25rem 0.25rem 0.25rem 0; }
  fieldset { margin: 0.5rem 0; }
  #error { color: #b00020; }
</style></head>
<body>
<h1>WhatsApp simulator</h1>
<p>Sessions are created by the product through the WAHA API. This page plays the phone. <a href="/__sim">Refresh</a></p>
<p id="error" role="alert"></p>
${names.length ? names.map((n) => sessionCard(sim, n)).join("\n") : "<p>No sessions yet.</p>"}
<script>
  for (const form of document.querySelectorAll("form[data-action]")) {
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      if (form.dataset.confirm && !confirm(form.dataset.confirm)) return;
      // Number inputs go as JSON numbers (the control API rejects "12").
      const body = {};
      for (const input of form.querySelectorAll("input[name]")) body[input.name] = input.type === "number" ? Number(input.value) : input.value;
      if (form.hasAttribute("data-logged-out")) body.loggedOut = true;
      const res = await fetch(form.dataset.action, { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body) });
      if (res.ok) location.reload();
      else document.getElementById("error").textContent = (await res.json().catch(() => ({}))).message || res.statusText;
    });
  }
  // Follow status changes, but never while someone is typing.
  setInterval(() => {
    const typing = [...document.querySelectorAll("input")].some((i) => i === document.activeElement || i.value !== i.defaultValue);
    if (!typing) location.reload();
  }, 3000);
</script>
</body></html>`;
}
