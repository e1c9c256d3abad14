// The simulator's sessions on disk, so a connected phone stays connected
// across restarts of `npm run dev` (WAHA keeps its sessions in a volume).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { newSession, type SimSession } from "./state";

type Saved = Pick<SimSession, "name" | "status" | "statuses" | "config" | "me" | "sent" | "loggedOut"> & {
  chats: [string, SimSession extends { chats: Map<string, infer M> } ? M : never][];
  lids: [string, string][];
  sends: SimSession["sends"];
};

export function loadSessions(file: string): SimSession[] {
  let saved: Saved[];
  try {
    saved = JSON.parse(readFileSync(file, "utf8")).sessions;
  } catch {
    return []; // no file yet, or unreadable: start empty
  }
  if (!Array.isArray(saved)) return [];
  return saved.map((x) => ({
    ...newSession(x.name, x.config ?? {}),
    status: x.status,
    statuses: x.statuses ?? [],
    me: x.me ?? null,
    loggedOut: x.loggedOut === true,
    chats: new Map(x.chats ?? []),
    lids: new Map(x.lids ?? []),
    sent: x.sent ?? [],
    sends: { ...newSession(x.name, {}).sends, ...x.sends, failNext: 0, failRate: 0, restrictNext: 0 },
  }));
}

/** A saver that writes at most every `delayMs`, atomically (temp file, then rename). */
export function createSaver(file: string, all: () => Iterable<SimSession>, delayMs = 200) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const write = () => {
    timer = null;
    const sessions = [...all()].map((s) => ({
      name: s.name,
      status: s.status,
      statuses: s.statuses,
      config: s.config,
      me: s.me,
      loggedOut: s.loggedOut,
      sent: s.sent.slice(-500),
      chats: [...s.chats.entries()].map(([id, list]) => [id, list.slice(-500)]),
      lids: [...s.lids.entries()],
      sends: s.sends,
    }));
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ sessions }));
    renameSync(tmp, file);
  };
  return {
    changed() {
      if (!timer) timer = setTimeout(write, delayMs);
    },
    flush() {
      if (timer) clearTimeout(timer);
      write();
    },
  };
}
