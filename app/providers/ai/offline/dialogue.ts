// Follows the chat as a conversation: proposals, offers with alternatives and the
// pick, confirmations, reschedules (the new slot replaces the old), declines
// (undo the last open proposal), cancellations and cancellations taken back.
import { buildSlots, isAlternatives, type MsgInfo, type Party, type Person, type Slot } from "./analyze";
import type { ClockTime } from "./times";
import { addDays } from "../../../utils/dates";
import { weekdayOf, type DateSpec } from "../calendar";
import { saysNextWeek } from "./dates";
import { BOOKED_MARKS, BOOKED_WORDS, FOR_PERSON, PICK_WORDS, REPLACED_SERVICE, REQUEST_STEMS } from "./lexicon/dialogue";
import { INSTEAD_OF, OR_WORDS } from "./lexicon/grammar";
import { groupSize } from "./party";
import { anyOf, wordsRe } from "./text";
import { KID_PERSONS } from "./people";

export type Booking = Slot & {
  id: number;
  by: Party;
  msg: number;
  status: "active" | "cancelled" | "replaced" | "undone";
  confirmed: boolean;
};
type Proposal = { by: Party; msg: number; added: Booking[]; replaced: Booking[] };

export const timeEq = (a: ClockTime, b: ClockTime) =>
  a.minute === b.minute && (a.hour === b.hour || ((a.ambiguous || b.ambiguous) && a.hour % 12 === b.hour % 12));

/** More people than this in one slot is a class or an event, not salon bookings. */
const MAX_GROUP = 4;

const REQUEST = new RegExp(anyOf(REQUEST_STEMS), "iu");
const FIRST = new RegExp(`(?<![\\p{L}])(?:${anyOf(PICK_WORDS.first)})(?![\\p{L}])`, "iu");
const LAST = new RegExp(`(?<![\\p{L}])(?:${anyOf(PICK_WORDS.last)})(?![\\p{L}])`, "iu");

const OLD_SERVICE = new RegExp(
  `(?:${anyOf([...INSTEAD_OF, ...REPLACED_SERVICE.extraWords])})\\s+(?:(?:${anyOf(REPLACED_SERVICE.spaced)})\\s+|${anyOf(REPLACED_SERVICE.glued)})?$`,
  "iu",
);
const FOR_BEFORE = new RegExp(`(?:${anyOf(FOR_PERSON.words)})\\s+(?:(?:${anyOf(FOR_PERSON.determiners)})\\s+)?$`, "iu");
const GLUED_FOR = new RegExp(`^(?:${anyOf(FOR_PERSON.glued)})`, "u");
const OPENS_WITH_OR = new RegExp(`^\\W*(?:${anyOf(OR_WORDS)})(?![\\p{L}])`, "iu");

/** Who each service is for: "X for me and Y for my husband", "לי X ולבעלי Y", "меня на X и мужа на Y". */
function ownersOf(info: MsgInfo, ms: Array<{ start: number; end: number; service: string }>): Map<string, string> {
  const out = new Map<string, string>();
  const sorted = [...ms].sort((a, b) => a.start - b.start);
  sorted.forEach((m, i) => {
    const sent = info.segs.sentence[m.start];
    const inSent = info.persons.filter((p) => info.segs.sentence[p.pos] === sent);
    const nextStart = sorted[i + 1]?.start ?? Infinity;
    const prevEnd = sorted[i - 1]?.end ?? -1;
    // "X for my husband", or Hebrew "X לאחותי" (ל- glued to the person is "for").
    const forPerson = (p: Person) => FOR_BEFORE.test(info.low.slice(Math.max(0, p.pos - 16), p.pos)) || GLUED_FOR.test(p.label);
    const after = inSent.find((p) => p.pos > m.end && p.pos < nextStart && forPerson(p));
    const before = inSent.filter((p) => p.pos < m.start && p.pos > prevEnd).at(-1);
    const owner = after ?? before;
    if (owner && !out.has(owner.key)) out.set(owner.key, m.service);
  });
  return out;
}

const BOOKED_RE = wordsRe(BOOKED_WORDS);
const OPTION_WORDS = new RegExp(`(?<![\\p{L}])(?:${anyOf(OR_WORDS)})(?![\\p{L}])|\\?`, "iu");

/** The business writing "booked"/"רשמתי"/"✔" over several slots states a set, not options to pick from. */
function statesBookedSet(info: MsgInfo): boolean {
  BOOKED_RE.lastIndex = 0;
  return info.from === "B" && (BOOKED_RE.test(info.low) || BOOKED_MARKS.test(info.low)) && !OPTION_WORDS.test(info.low);
}

/** A slot for someone none of the live bookings is for ("10:30 for your dad") adds a booking. */
function isNewPerson(s: Slot, live: Booking[]): boolean {
  if (!s.person || s.person === "SELF") return false;
  return live.some((b) => b.person && !b.person.startsWith("G:")) && !live.some((b) => b.person === s.person);
}

type DateRef = { date: string | null; spec: DateSpec };

/** A date reference matches a booking's date; a bare weekday matches any booking on that weekday. */
function dateHit(refs: DateRef[], date: string | null): boolean {
  if (!date) return false;
  return refs.some((r) => r.date === date || (r.spec.kind === "weekday" && r.spec.weekday === weekdayOf(date)));
}

export class Dialogue {
  bookings: Booking[] = [];
  private proposals: Proposal[] = [];
  private pending: { alts: Slot[]; by: Party; msg: number } | null = null;
  private focusDate: string | null = null;
  private focusDateMsg = -1;
  private focus: Record<Party, string[]> = { B: [], C: [] };
  private focusPerson = new Map<string, string>(); // person key -> service said for them
  private focusSvcMsg = -1;
  private focusBy: Party = "C";
  private lastCancelled: Booking[] = [];
  private reschedMsg = -1;
  private productMsg = -1;
  private dateless: Slot[] = [];
  private multi = false;
  private lastBy: Record<Party, number> = { B: -1, C: -1 };
  private seq = 0;
  wrongNumber = false;

  constructor(
    private readonly kidsServices: ReadonlySet<string>,
    private readonly kidsVariant: (service: string) => string | null = () => null,
    private readonly adultVariant: (service: string) => string | null = () => null,
    private readonly genderVariant: (service: string, gender: "M" | "F") => string | null = () => null,
  ) {}

  private active(before = Infinity): Booking[] {
    return this.bookings.filter((b) => b.status === "active" && b.msg < before);
  }

  step(info: MsgInfo): void {
    const other: Party = info.from === "B" ? "C" : "B";
    if (info.cues.has("wrongNumber")) this.wrongNumber = true;
    const selfAndOther = info.persons.some((p) => p.self) && info.persons.some((p) => !p.self && !p.key.startsWith("N:") && p.key !== "CHILD");
    // Several people: two relatives, me + a relative, or (from the customer) two first names.
    const kinds = new Set(info.persons.filter((p) => !p.self && !p.key.startsWith("N:")).map((p) => p.key));
    const names = new Set(info.persons.filter((p) => p.key.startsWith("N:")).map((p) => p.key));
    if (info.cues.has("multi") || kinds.size >= 2 || selfAndOther || (info.from === "C" && names.size >= 2)) this.multi = true;
    const walkin = info.cues.has("walkin") || info.cues.has("waitlist");
    if (walkin && !buildSlots(info).length) {
      this.pending = null;
      if (info.from === "B") this.undoOpen("C");
      return this.finish(info);
    }
    const negHit = this.applyNegations(info);
    const cancelled = info.cancelClauses.size ? this.applyCancel(info) : [];
    if (!cancelled.length && !info.cancelClauses.size && info.cues.has("restore")) {
      const back = this.lastCancelled.filter((b) => b.status === "cancelled");
      for (const b of back) { b.status = "active"; b.confirmed = true; }
      if (back.length) this.lastCancelled = [];
    }
    if (!negHit && !cancelled.length && info.cues.has("decline")) this.applyDecline(info, other);
    // A promotion sent before the customer wrote anything is a broadcast, not an offer.
    const broadcast = info.from === "B" && info.cues.has("promo") && this.lastBy.C < 0;
    // Right after talk of a product pick-up, a time with no service named is the pick-up.
    const slots = broadcast ? [] : buildSlots(info, this.productMsg >= 0 && this.productMsg >= info.idx - 2);
    if (info.cues.has("product")) this.productMsg = info.idx;
    for (const s of slots) if (s.sameDay && !s.date) s.date = this.focusDate;
    if (slots.length) this.handleSlots(info, slots, other, cancelled);
    else this.handleNoSlots(info, other);
    this.finish(info);
  }

  private finish(info: MsgInfo): void {
    const ds = info.dates.filter((d) => !d.neg && d.date);
    if (ds.length) { this.focusDate = ds[ds.length - 1].date; this.focusDateMsg = info.idx; }
    const ms = info.mentions.filter((m) => !m.cancelTarget);
    if (ms.length) {
      // Of several services in one message, the requested ones ("need my roots done") count.
      const asked = ms.filter((m) => REQUEST.test(info.low.slice(info.segs.clauses.find((c) => c.id === m.clause)?.start ?? 0, m.end)));
      this.focus[info.from] = [...new Set((asked.length ? asked : ms).map((m) => m.service))];
      this.focusPerson = ownersOf(info, ms);
      this.focusBy = info.from;
      this.focusSvcMsg = info.idx;
    }
    if (info.cues.has("reschedule")) this.reschedMsg = info.idx;
    this.lastBy[info.from] = info.idx;
  }

  private undo(p: Proposal): void {
    for (const b of p.added) if (b.status === "active") b.status = "undone";
    for (const r of p.replaced) if (r.status === "replaced" && r.confirmed) r.status = "active";
    this.proposals = this.proposals.filter((x) => x !== p);
  }

  private remove(b: Booking): void {
    const p = this.proposals.find((x) => x.added.includes(b));
    if (p && p === this.proposals[this.proposals.length - 1]) this.undo(p);
    else { b.status = "cancelled"; this.lastCancelled = [b]; }
  }

  /** "19:00 is taken", "Wednesday is bad": drop what those words point at. */
  private applyNegations(info: MsgInfo): boolean {
    let hit = false;
    const clauses = new Set([...info.dates.filter((d) => d.neg), ...info.times.filter((t) => t.neg && t.role === "slot")].map((x) => x.clause));
    for (const c of clauses) {
      const ds = info.dates.filter((d) => d.neg && d.clause === c && d.date);
      const ts = info.times.filter((t) => t.neg && t.clause === c && t.role === "slot");
      if (!ds.length && !ts.length) continue;
      const match = (s: Slot) => (!ds.length || dateHit(ds, s.date)) && (!ts.length || ts.some((t) => timeEq(t, s.time)));
      for (const b of this.active().filter(match)) { this.remove(b); hit = true; }
      if (this.pending) {
        this.pending.alts = this.pending.alts.filter((a) => !match(a));
        if (!this.pending.alts.length) this.pending = null;
      }
    }
    return hit;
  }

  private applyCancel(info: MsgInfo): Booking[] {
    const inC = <T extends { clause: number }>(xs: T[]) => xs.filter((x) => info.cancelClauses.has(x.clause));
    const ds = inC(info.dates).filter((d) => d.date);
    const ts = inC(info.times).filter((t) => t.role === "slot" || t.role === "old");
    const ss = inC(info.mentions).map((m) => m.service);
    let ps = inC(info.persons).filter((p) => !p.self).map((p) => p.key);
    if (!ds.length && !ts.length && !ss.length && !ps.length) ps = info.persons.filter((p) => !p.self).map((p) => p.key);
    const hasRefs = ds.length + ts.length + ss.length + ps.length > 0;
    const match = (b: Booking) =>
      (!ds.length || dateHit(ds, b.date)) && (!ts.length || ts.some((t) => timeEq(t, b.time))) &&
      (!ss.length || ss.includes(b.service ?? "")) && (!ps.length || ps.includes(b.person ?? ""));
    const live = this.active();
    let targets = live;
    if (hasRefs) {
      const any = this.bookings.filter((b) => (b.status === "active" || b.status === "cancelled") && match(b));
      targets = any.length ? any.filter((b) => b.status === "active") : live.length === 1 && !ps.length ? live : [];
    }
    for (const b of targets) b.status = "cancelled";
    if (targets.length) this.lastCancelled = targets;
    this.pending = null;
    return targets;
  }

  private applyDecline(info: MsgInfo, other: Party): void {
    const p = this.proposals[this.proposals.length - 1];
    if (p && p.by === other && p.msg > this.lastBy[info.from] && !p.added.some((b) => b.confirmed)) this.undo(p);
    if (this.pending?.by === other) this.pending = null;
  }

  /** The other side answered with something else: their open, unconfirmed request lapses. */
  private undoOpen(party: Party, alts: Slot[] = []): void {
    const p = [...this.proposals].reverse().find((x) => x.by === party);
    if (!p || p.added.some((b) => b.confirmed)) return;
    if (p.added.some((b) => alts.some((a) => a.date === b.date && timeEq(a.time, b.time)))) return;
    this.undo(p);
  }

  private pick(info: MsgInfo, slots: Slot[]): Slot[] | null {
    const alts = this.pending!.alts;
    if (slots.length && !slots.some((s) => alts.some((a) => timeEq(s.time, a.time)))) return null;
    const ds = info.dates.filter((d) => !d.neg && d.date);
    const dates = ds.map((d) => d.date);
    const wds = ds.map((d) => (d.spec.kind === "weekday" ? d.spec.weekday : -1)).filter((wd) => wd >= 0);
    const svcs = info.mentions.map((m) => m.service);
    const distinctSvc = new Set(alts.map((a) => a.service)).size > 1;
    const scores = alts.map((a, i) => {
      let s = 0;
      for (const sl of slots) {
        if (!timeEq(sl.time, a.time)) continue;
        const sameDay = sl.dateKind === "weekday" ? a.date && weekdayOf(a.date) === weekdayOf(sl.date!) : sl.date === a.date;
        if (sl.date && a.date && !sameDay) return -1;
        s += 2;
      }
      if (!slots.length) for (const n of info.bare) if (n % 12 === a.time.hour % 12) s += 1;
      if (a.date && (dates.includes(a.date) || wds.includes(weekdayOf(a.date)))) s += 1;
      if (distinctSvc && a.service && svcs.includes(a.service)) s += 1;
      if (!slots.length && i === 0 && FIRST.test(info.low)) s += 1;
      if (!slots.length && i === alts.length - 1 && LAST.test(info.low)) s += 1;
      return s;
    });
    const max = Math.max(...scores);
    if (max <= 0) return null;
    const win = alts.filter((_, i) => scores[i] === max);
    if (win.length === alts.length && alts.length > 1 && !slots.length) return null;
    return win.map((a) => {
      const sl = slots.find((x) => timeEq(x.time, a.time));
      return sl && a.time.ambiguous && !sl.time.ambiguous ? { ...a, time: sl.time } : a;
    });
  }

  private handleSlots(info: MsgInfo, slots: Slot[], other: Party, cancelled: Booking[]): void {
    if (this.pending && this.pending.by === other) {
      const picked = this.pick(info, slots);
      const by = this.pending.by;
      this.pending = null;
      if (picked) return this.commit(picked, by, info, true);
    }
    this.inherit(info, slots, cancelled);
    slots = this.splitForGroup(info, slots);
    if (this.pending?.by === info.from && OPENS_WITH_OR.test(info.low)) {
      this.pending.alts.push(...slots); // "Or Friday at 10:00" adds an option
      return;
    }
    if (!statesBookedSet(info) && isAlternatives(info, slots, this.multi)) {
      this.undoOpen(other, slots);
      this.pending = { alts: slots, by: info.from, msg: info.idx };
      return;
    }
    if (this.pending?.by === info.from) this.pending = null; // a firm slot replaces one's own options
    this.commit(slots, info.from, info, info.from === "B" && info.cues.has("accept"));
  }

  private handleNoSlots(info: MsgInfo, other: Party): void {
    if (this.pending && this.pending.by === other) {
      const picked = this.pick(info, []);
      if (picked) {
        const by = this.pending.by;
        this.pending = null;
        return this.commit(picked, by, info, true);
      }
    }
    const live = this.active();
    const d = info.dates.filter((x) => !x.neg && x.date).at(-1);
    const ds = new Set(info.dates.filter((x) => !x.neg && x.date).map((x) => x.date));
    if (this.dateless.length && ds.size === 1 && !info.cues.has("decline")) {
      // "5pm?" ... "Tomorrow?": the time waited for its date.
      return this.commit(this.dateless.map((s) => ({ ...s, date: d!.date })), info.from, info, false);
    }
    if (info.cues.has("sameTime") && live.length) {
      // "Sunday instead? Same time" / "same time next week"
      const b = live[live.length - 1];
      const date = d?.date ?? (b.date && saysNextWeek(info.low) ? addDays(b.date, 7) : null);
      if (date) return this.commit([{ ...b, date, sameDay: false, srcMsg: info.idx, pos: d?.start ?? 0, expanded: false }], info.from, info, false);
    }
    // "Could I do highlights instead of a full colour?": same slot, new service.
    const fresh = info.mentions.filter((m) => !m.cancelTarget && !OLD_SERVICE.test(info.low.slice(Math.max(0, m.start - 24), m.start)));
    const svcs = [...new Set(fresh.map((m) => m.service))];
    if (info.cues.has("reschedule") && !info.cues.has("decline") && svcs.length === 1 && live.length === 1 && live[0].service !== svcs[0] && !d) {
      live[0].service = svcs[0];
      live[0].explicitService = true;
      return;
    }
    if (info.cues.has("accept") && !info.cues.has("decline")) {
      const p = this.proposals[this.proposals.length - 1];
      if (p && p.by === other) {
        for (const b of p.added) b.confirmed = true;
        this.assignGroupServices(info, p);
      }
    }
  }

  private inherit(info: MsgInfo, slots: Slot[], cancelled: Booking[]): void {
    const live = this.active(info.idx);
    const latest = live[live.length - 1];
    const kids = (s: string) => this.kidsServices.has(s);
    slots.forEach((s, i) => {
      const same = live.find((b) => timeEq(b.time, s.time) && (!s.date || b.date === s.date));
      if (!s.date) {
        if (same) s.date = same.date;
        else if (latest && this.focusDateMsg <= latest.msg) s.date = latest.date;
        else s.date = this.focusDate;
      }
      if (s.service) return;
      if (same) { s.service = same.service; return; }
      if (cancelled.length === 1) { s.service = cancelled[0].service; return; }
      // "Can you move my sister to 16:00?": her booking's service.
      const theirs = s.person && s.person !== "SELF" ? live.filter((b) => b.person === s.person).at(-1) : undefined;
      if (theirs && !info.mentions.length) { s.service = theirs.service; s.explicitService = true; return; }
      const fs = this.focusServices();
      if (fs.length && (!latest || this.focusSvcMsg > latest.msg)) {
        const said = s.person ? this.focusPerson.get(s.person) : undefined;
        if (said && fs.includes(said)) s.service = said;
        else if (fs.length === 1 || !this.multi) s.service = fs[fs.length - 1];
        else if (s.person && KID_PERSONS.has(s.person) && fs.some(kids)) s.service = fs.find(kids)!;
        else if (s.person === "SELF" && fs.some((f) => !kids(f))) s.service = fs.find((f) => !kids(f))!;
        else s.service = fs[Math.min(i, fs.length - 1)];
        return;
      }
      if (latest) s.service = latest.service;
      else if (this.lastCancelled.length) s.service = this.lastCancelled[0].service;
    });
    // "your son at 10:30" with a haircut inherited: the kids' version of it.
    for (const s of slots) {
      if (!s.service || s.explicitService || !s.person) continue;
      if (KID_PERSONS.has(s.person)) s.service = this.kidsVariant(s.service) ?? s.service;
      else if (!s.person.startsWith("N:")) s.service = this.adultVariant(s.service) ?? s.service;
      // "you at 18:00 and your husband at 18:30" after "a cut for me and my husband": his is the men's cut.
      if (s.gender && !KID_PERSONS.has(s.person)) s.service = this.genderVariant(s.service, s.gender) ?? s.service;
    }
  }

  /** The services the conversation last asked for: the latest side's, unless that is a list (prices) and the other side named one. */
  private focusServices(): string[] {
    const [recent, older] = this.focusBy === "B" ? [this.focus.B, this.focus.C] : [this.focus.C, this.focus.B];
    return recent.length === 1 || !older.length ? recent : older.length === 1 ? older : recent;
  }

  /**
   * "Sure, see you tomorrow at 17:00 both of you": one slot said for several people
   * becomes one slot each, with the services asked for (a haircut for me, a manicure
   * for my daughter), or the same service for each.
   */
  private splitForGroup(info: MsgInfo, slots: Slot[]): Slot[] {
    if (!slots.length || slots.some((x) => x.expanded)) return slots;
    const first = slots[0];
    if (slots.some((x) => x.date !== first.date || !timeEq(x.time, first.time))) return slots;
    const n = groupSize(info);
    if (n < 2 || n <= slots.length || n > MAX_GROUP) return slots;
    const said = info.mentions.filter((m) => !m.cancelTarget);
    const own = ownersOf(info, said);
    const ownerOf = (svc: string, owners: Map<string, string>) => [...owners].find(([, v]) => v === svc)?.[0] ?? null;
    let members: Array<{ service: string | null; person: string | null; explicit: boolean }>;
    if (said.length === n) members = said.map((m) => ({ service: m.service, person: ownerOf(m.service, own), explicit: true }));
    else if (!said.length && this.focusServices().length === n) {
      members = this.focusServices().map((svc) => ({ service: svc, person: ownerOf(svc, this.focusPerson), explicit: true }));
    } else {
      // "me and my dad at 10": the people named, in order; else one unnamed person each.
      const people = [...new Set(info.persons.filter((p) => !p.key.startsWith("N:")).map((p) => p.key))];
      if (people.length === 1 && people[0] !== "SELF" && n === 2) people.push("SELF");
      members = Array.from({ length: n }, (_, i) => ({ service: first.service, person: people.length === n ? people[i] : null, explicit: first.explicitService }));
    }
    const used = new Set<string>();
    return members.map((m, i) => {
      let person = m.person ?? (i === 0 ? first.person : null);
      if (!person || used.has(person)) person = `G:${i + 1}`;
      used.add(person);
      return { ...first, service: m.service ?? first.service, explicitService: m.explicit, person, personLabel: i === 0 ? first.personLabel : null };
    });
  }

  /** "Yes! swedish for me and deep tissue for him" after one slot offered to two: each gets theirs. */
  private assignGroupServices(info: MsgInfo, p: Proposal): void {
    const group = p.added.filter((b) => b.status === "active");
    const said = info.mentions.filter((m) => !m.cancelTarget);
    if (group.length < 2 || said.length !== group.length || new Set(said.map((m) => m.service)).size < 2) return;
    if (group.some((b) => b.date !== group[0].date || !timeEq(b.time, group[0].time))) return;
    group.forEach((b, i) => { b.service = said[i].service; b.explicitService = true; });
  }

  private targets(s: Slot, slots: Slot[], info: MsgInfo, absorbed: ReadonlySet<Booking>): Booking[] {
    const live = this.active(info.idx).filter((b) => !absorbed.has(b));
    if (!live.length) return [];
    const resched = info.cues.has("reschedule") || this.reschedMsg >= Math.max(...live.map((b) => b.msg));
    if (info.cues.has("also") && !resched) return [];
    if (isNewPerson(s, live) && !resched) return [];
    const exact = live.find((b) => b.date === s.date && timeEq(b.time, s.time));
    if (exact && slots.length === 1) return [exact];
    if (s.person && s.person !== "SELF") {
      const bp = live.filter((b) => b.person === s.person);
      if (bp.length) return [bp[bp.length - 1]];
    }
    const sameSvc = live.filter((b) => b.service === s.service);
    if (s.explicitService) {
      if (sameSvc.length) {
        const n = slots.filter((x) => x.service === s.service).length;
        return n > 1 ? (slots.find((x) => x.service === s.service) === s ? sameSvc : []) : [sameSvc[sameSvc.length - 1]];
      }
      return live.length === 1 && resched ? [live[0]] : [];
    }
    if (live.length === 1) return [live[0]];
    return [sameSvc[sameSvc.length - 1] ?? live[live.length - 1]];
  }

  private commit(slots: Slot[], by: Party, info: MsgInfo, confirmed: boolean): void {
    const p: Proposal = { by, msg: info.idx, added: [], replaced: [] };
    this.dateless = slots.filter((s) => !s.date && s.service);
    // Each booking answers for one slot of a message: "both of you at 17:00" keeps one and adds one.
    const absorbed = new Set<Booking>();
    for (const s of slots) {
      if (!s.date || !s.service) continue;
      const sameSlot = this.active().filter((b) => !absorbed.has(b) && b.msg !== info.idx && b.date === s.date && timeEq(b.time, s.time) &&
        (b.service === s.service || !s.explicitService || slots.length === 1 && b.msg < info.idx && !b.explicitService));
      const same = sameSlot.find((b) => s.person && b.person === s.person) ?? sameSlot.find((b) => b.service === s.service) ?? sameSlot[0];
      if (same) {
        absorbed.add(same);
        if (s.srcMsg > same.srcMsg) { same.srcMsg = s.srcMsg; same.pos = s.pos; } // quote the latest message that states it
        if (same.by !== info.from || confirmed) same.confirmed = true;
        if (s.explicitService && !same.explicitService) { same.service = s.service; same.explicitService = true; }
        if (same.time.ambiguous && !s.time.ambiguous) same.time = s.time;
        same.person ??= s.person;
        same.personLabel ??= s.personLabel;
        continue;
      }
      for (const t of this.targets(s, slots, info, absorbed)) { t.status = "replaced"; p.replaced.push(t); absorbed.add(t); }
      const nb: Booking = { ...s, id: ++this.seq, by, msg: info.idx, status: "active", confirmed };
      p.added.push(nb);
      this.bookings.push(nb);
    }
    if (p.added.length) this.proposals.push(p);
  }
}
