// The dialogue rules, one describe per rule (app/providers/ai/offline/dialogue-*.ts):
// given this chat, these bookings; and the rule alone on the chat's last message.
import { describe, expect, it } from "vitest";
import { rememberFocus } from "../../../app/providers/ai/offline/dialogue";
import {
  assignGroupServices,
  commitSlots,
  fitServiceToPerson,
  isNewPerson,
  replacedBookings,
  splitForGroup,
  statesBookedSet,
} from "../../../app/providers/ai/offline/dialogue-commit";
import {
  applyCancellation,
  applyDecline,
  applyNegations,
  applyRestore,
  confirmProposal,
  dateForWaitingTimes,
  isBroadcast,
  matchesDate,
  mentionsSeveralPeople,
  pickAlternative,
  sameTimeAgain,
  swapService,
  withdrawOpenRequest,
} from "../../../app/providers/ai/offline/dialogue-rules";
import { activeBookings, createDialogueState, type Booking } from "../../../app/providers/ai/offline/dialogue-state";
import { buildSlots, type Slot } from "../../../app/providers/ai/offline/slots";
import { compileCatalogue } from "../../../app/providers/ai/offline/services";
import { serviceVariants } from "../../../app/providers/ai/offline/variants";
import { analyzeChat, beforeLastMessage, booked, chat, standing } from "./chat-support";

const SALON = ["Haircut", "Kids Haircut", "Colour", "Blow-dry", "Manicure"];
const THURSDAY = "2026-03-12";
const slot = (over: Partial<Slot>): Slot => ({
  date: THURSDAY,
  sameDay: false,
  dateKind: "weekday",
  time: { hour: 17, minute: 0, ambiguous: false },
  service: "Haircut",
  explicitService: true,
  person: null,
  personLabel: null,
  gender: null,
  sourceMessage: 0,
  position: 0,
  ...over,
});
const booking = (over: Partial<Booking>): Booking => ({
  ...slot({}),
  id: 1,
  by: "customer",
  message: 0,
  status: "active",
  confirmed: true,
  ...over,
});

describe("mentionsSeveralPeople", () => {
  it("is true for me and a relative, two relatives, or two names from the customer", () => {
    const [me, both, names, one] = analyzeChat(
      chat(SALON, [
        ["C", "A haircut for me and my mum please"],
        ["C", "My son and daughter need cuts"],
        ["C", "Max and Leo need a trim"],
        ["C", "A haircut for me please"],
      ]),
    );
    expect([me, both, names, one].map(mentionsSeveralPeople)).toEqual([true, true, true, false]);
  });
});

describe("isBroadcast", () => {
  it("ignores a promotion the business sends before the customer wrote", () => {
    const input = chat(SALON, [["B", "Special offer! 20% off a blow-dry Friday at 2pm, reply to book"]]);
    expect(booked(input)).toEqual([]);
    const { state, last } = beforeLastMessage(input);
    expect(isBroadcast(state, last)).toBe(true);
  });
});

describe("matchesDate", () => {
  it("matches the same date, and a bare weekday any booking on that weekday", () => {
    const [message] = analyzeChat(chat(SALON, [["C", "Thursday is bad"]]));
    expect(matchesDate(message.dates, THURSDAY)).toBe(true);
    expect(matchesDate(message.dates, "2026-03-19")).toBe(true);
    expect(matchesDate(message.dates, "2026-03-13")).toBe(false);
  });
});

describe("applyNegations", () => {
  it("drops the booking a 'taken' or 'bad' points at", () => {
    const input = chat(SALON, [
      ["C", "Can I get a haircut Thursday at 19:00?"],
      ["B", "Sorry, 19:00 is taken"],
    ]);
    expect(booked(input)).toEqual([]);
    const { state, last } = beforeLastMessage(input);
    expect(standing(state)).toEqual([`Haircut ${THURSDAY} 19:00`]);
    expect(applyNegations(state, last)).toBe(true);
    expect(standing(state)).toEqual([]);
  });
});

describe("applyCancellation", () => {
  it("cancels the booking the message points at and keeps the others", () => {
    const input = chat(SALON, [
      ["C", "Can I book a haircut Thursday at 5pm and a manicure Friday at 3pm?"],
      ["B", "Both booked!"],
      ["C", "Sorry, I have to cancel Friday"],
    ]);
    expect(booked(input)).toEqual([`Haircut ${THURSDAY} 17:00`]);
    const { state, last } = beforeLastMessage(input);
    expect(applyCancellation(state, last).map((b) => b.service)).toEqual(["Manicure"]);
  });

  it("cancels the only booking when nothing is named, and not on a policy reminder", () => {
    expect(
      booked(
        chat(SALON, [
          ["C", "Haircut Thursday at 5pm?"],
          ["B", "Booked!"],
          ["C", "I need to cancel my appointment"],
        ]),
      ),
    ).toEqual([]);
    expect(
      booked(
        chat(SALON, [
          ["C", "Haircut Thursday at 5pm?"],
          ["B", "Booked! Just a reminder: 24h notice to cancel"],
        ]),
      ),
    ).toEqual([`Haircut ${THURSDAY} 17:00`]);
  });
});

describe("applyRestore", () => {
  it("brings the last cancelled booking back", () => {
    const input = chat(SALON, [
      ["C", "Haircut Thursday at 5pm?"],
      ["B", "Booked!"],
      ["C", "Please cancel my haircut"],
      ["C", "Sorry, can you put me back in? I can make it after all"],
    ]);
    expect(booked(input)).toEqual([`Haircut ${THURSDAY} 17:00`]);
    const { state } = beforeLastMessage(input);
    expect(standing(state)).toEqual([]);
    applyRestore(state);
    expect(standing(state)).toEqual([`Haircut ${THURSDAY} 17:00`]);
  });
});

describe("applyDecline", () => {
  it("undoes the other side's unanswered proposal", () => {
    const input = chat(SALON, [
      ["C", "Do you have anything for a haircut this week?"],
      ["B", "I can do Thursday at 5pm"],
      ["C", "No, that doesn't work for me"],
    ]);
    expect(booked(input)).toEqual([]);
    const { state, last } = beforeLastMessage(input);
    applyDecline(state, last);
    expect(standing(state)).toEqual([]);
  });
});

describe("withdrawOpenRequest", () => {
  it("lets the customer's request lapse when the business answers with other times", () => {
    const input = chat(SALON, [
      ["C", "Haircut Thursday at 5?"],
      ["B", "Thursday I have 6pm or 7pm"],
    ]);
    expect(booked(input)).toEqual([]);
    const { state } = beforeLastMessage(input);
    withdrawOpenRequest(state, "customer");
    expect(standing(state)).toEqual([]);
  });

  it("lets it lapse when the business only takes walk-ins", () => {
    expect(
      booked(
        chat(SALON, [
          ["C", "Haircut Thursday at 5?"],
          ["B", "We don't take appointments, walk-ins only"],
        ]),
      ),
    ).toEqual([]);
  });
});

describe("pickAlternative", () => {
  const offer: Array<["C" | "B", string]> = [
    ["C", "Do you have anything for a haircut this week?"],
    ["B", "Thursday I have 17:00 or 18:30"],
  ];

  it("takes the option whose time the reply says", () => {
    const input = chat(SALON, [...offer, ["C", "18:30 is perfect"]]);
    expect(booked(input)).toEqual([`Haircut ${THURSDAY} 18:30`]);
    const { state, last } = beforeLastMessage(input);
    expect(pickAlternative(state, last, buildSlots(last))?.map((s) => s.time.hour)).toEqual([18]);
  });

  it("takes 'the later one' and a bare hour, and no option from a reply that fits all", () => {
    expect(booked(chat(SALON, [...offer, ["C", "The later one please"]]))).toEqual([`Haircut ${THURSDAY} 18:30`]);
    expect(booked(chat(SALON, [...offer, ["C", "5 please"]]))).toEqual([`Haircut ${THURSDAY} 17:00`]);
    const { state, last } = beforeLastMessage(chat(SALON, [...offer, ["C", "Thursday works"]]));
    expect(pickAlternative(state, last, [])).toBeNull();
  });
});

describe("dateForWaitingTimes", () => {
  it("gives a time said without a day the one day a later message names", () => {
    const input = chat(SALON, [
      ["C", "Can I get a haircut at 5pm?"],
      ["B", "Which day?"],
      ["C", "Tomorrow?"],
    ]);
    expect(booked(input)).toEqual(["Haircut 2026-03-10 17:00"]);
    const { state, last } = beforeLastMessage(input);
    expect(dateForWaitingTimes(state, last)).toBe(true);
  });
});

describe("sameTimeAgain", () => {
  it("moves the latest booking to the new day at the same time", () => {
    const input = chat(SALON, [
      ["C", "Haircut Thursday at 5pm?"],
      ["B", "Booked!"],
      ["C", "Could we do Friday instead? Same time"],
    ]);
    expect(booked(input)).toEqual(["Haircut 2026-03-13 17:00"]);
    const { state, last } = beforeLastMessage(input);
    expect(sameTimeAgain(state, last)).toBe(true);
  });

  it("reads 'same time next week' as a week after the booking", () => {
    expect(
      booked(
        chat(SALON, [
          ["C", "Haircut Thursday at 5pm?"],
          ["B", "Booked!"],
          ["C", "Can I also book the same time next week?"],
        ]),
      ),
    ).toEqual([`Haircut ${THURSDAY} 17:00`, "Haircut 2026-03-19 17:00"]);
  });
});

describe("swapService", () => {
  it("keeps the slot and takes the new service", () => {
    const input = chat(SALON, [
      ["C", "Haircut Thursday at 5pm?"],
      ["B", "Booked!"],
      ["C", "Could I do a blow-dry instead of the haircut?"],
    ]);
    expect(booked(input)).toEqual([`Blow-dry ${THURSDAY} 17:00`]);
    const { state, last } = beforeLastMessage(input);
    expect(swapService(state, last)).toBe(true);
  });
});

describe("confirmProposal", () => {
  it("marks the other side's latest proposal agreed", () => {
    const { state, last } = beforeLastMessage(
      chat(SALON, [
        ["C", "Any time for a haircut this week?"],
        ["B", "I can do Thursday at 5pm"],
        ["C", "Perfect, thanks!"],
      ]),
    );
    expect(activeBookings(state).map((b) => b.confirmed)).toEqual([false]);
    confirmProposal(state, last);
    expect(activeBookings(state).map((b) => b.confirmed)).toEqual([true]);
  });
});

describe("statesBookedSet", () => {
  it("reads the business's 'booked' over several times as a set, not options", () => {
    const [set, options] = analyzeChat(
      chat(SALON, [
        ["B", "Booked ✔ Thursday 5pm haircut and 6pm manicure"],
        ["B", "Thursday 5pm or 6pm?"],
      ]),
    );
    expect([statesBookedSet(set), statesBookedSet(options)]).toEqual([true, false]);
  });
});

describe("fillFromContext: inheritDate and inheritService", () => {
  it("gives a time the day and the service talked about before", () => {
    expect(
      booked(
        chat(SALON, [
          ["C", "I need a haircut on Thursday"],
          ["B", "Sure, 5pm?"],
          ["C", "Great"],
        ]),
      ),
    ).toEqual([`Haircut ${THURSDAY} 17:00`]);
  });
});

describe("fitServiceToPerson", () => {
  const variants = serviceVariants(compileCatalogue(["Women's Haircut", "Men's Haircut", "Haircut", "Kids Haircut"]));
  const state = createDialogueState(variants);

  it("gives a child the kids' version and a husband the men's version of an inherited service", () => {
    const son = slot({ explicitService: false, person: "SON" });
    fitServiceToPerson(state, son);
    expect(son.service).toBe("Kids Haircut");
    const husband = slot({ service: "Women's Haircut", explicitService: false, person: "HUSBAND", gender: "M" });
    fitServiceToPerson(state, husband);
    expect(husband.service).toBe("Men's Haircut");
  });

  it("keeps a service the message named", () => {
    const son = slot({ explicitService: true, person: "SON" });
    fitServiceToPerson(state, son);
    expect(son.service).toBe("Haircut");
  });
});

describe("splitForGroup", () => {
  it("makes one slot for several people one booking each, with the services asked for", () => {
    const input = chat(SALON, [
      ["C", "Can we both come Thursday at 5? A haircut for me and a manicure for my daughter"],
    ]);
    expect(booked(input).sort()).toEqual([`Haircut ${THURSDAY} 17:00`, `Manicure ${THURSDAY} 17:00`]);
    const [message] = analyzeChat(input);
    const state = createDialogueState(serviceVariants(compileCatalogue(SALON)));
    expect(splitForGroup(state, message, [slot({})]).map((s) => [s.service, s.person])).toEqual([
      ["Haircut", "SELF"],
      ["Manicure", "DAUGHTER"],
    ]);
  });
});

describe("assignGroupServices", () => {
  it("gives each member of an offered group the service the reply names for them", () => {
    const input = chat(
      ["Swedish Massage", "Deep Tissue Massage"],
      [
        ["C", "Can my husband and I both get massages this week?"],
        ["B", "Thursday at 5 for both of you?"],
        ["C", "Perfect! Swedish for me and deep tissue for him"],
      ],
    );
    expect(booked(input).sort()).toEqual([
      `Deep Tissue Massage ${THURSDAY} 17:00`,
      `Swedish Massage ${THURSDAY} 17:00`,
    ]);
    const { state, last } = beforeLastMessage(input);
    expect(activeBookings(state).map((b) => b.service)).toEqual(["Swedish Massage", "Swedish Massage"]);
    assignGroupServices(last, state.proposals[state.proposals.length - 1]);
    expect(activeBookings(state).map((b) => b.service)).toEqual(["Swedish Massage", "Deep Tissue Massage"]);
  });
});

describe("isNewPerson", () => {
  it("is true for someone none of the bookings for named people is for", () => {
    const mine = booking({ person: "SELF" });
    const mums = booking({ person: "MOM" });
    expect(isNewPerson(slot({ person: "DAD" }), [mine, mums])).toBe(true);
    expect(isNewPerson(slot({ person: "MOM" }), [mine, mums])).toBe(false);
    expect(isNewPerson(slot({ person: "DAD" }), [booking({ person: null })])).toBe(false);
    expect(isNewPerson(slot({ person: "SELF" }), [mums])).toBe(false);
  });
});

describe("replacedBookings", () => {
  it("moves a booking to the new time, but adds one for 'also'", () => {
    expect(
      booked(
        chat(SALON, [
          ["C", "Haircut Thursday at 5pm?"],
          ["B", "Booked!"],
          ["C", "Can we move it to 6pm?"],
        ]),
      ),
    ).toEqual([`Haircut ${THURSDAY} 18:00`]);
    const input = chat(SALON, [
      ["C", "Haircut Thursday at 5pm?"],
      ["B", "Booked!"],
      ["C", "Can I also book a manicure Friday at 3pm?"],
    ]);
    expect(booked(input)).toEqual([`Haircut ${THURSDAY} 17:00`, "Manicure 2026-03-13 15:00"]);
    const { state, last } = beforeLastMessage(input);
    const [manicure] = buildSlots(last);
    expect(replacedBookings(state, last, manicure, [manicure], new Set())).toEqual([]);
  });
});

describe("commitSlots", () => {
  it("confirms a slot said again instead of booking it twice", () => {
    const input = chat(SALON, [
      ["C", "Haircut Thursday at 5?"],
      ["B", "Thursday at 5 works"],
    ]);
    expect(booked(input)).toEqual([`Haircut ${THURSDAY} 17:00`]);
    const { state, last } = beforeLastMessage(input);
    commitSlots(state, [slot({ sourceMessage: 1 })], "business", last, false);
    expect(activeBookings(state).map((b) => [b.confirmed, b.sourceMessage])).toEqual([[true, 1]]);
  });
});

describe("rememberFocus", () => {
  it("keeps the services asked for (not the ones only mentioned) and the day talked about", () => {
    const [message] = analyzeChat(chat(SALON, [["C", "Thursday I need a haircut, maybe a blow-dry too"]]));
    const state = createDialogueState(serviceVariants(compileCatalogue(SALON)));
    rememberFocus(state, message);
    expect(state.focusServices.customer).toEqual(["Haircut"]);
    expect(state.focusServicesBy).toBe("customer");
    expect(state.focusDate).toBe(THURSDAY);
  });
});
