import { describe, expect, it } from "vitest";
import { extractBookings, offlineExtractor } from "../../../app/providers/ai/offline";
import { QUOTE_MAX_CHARS } from "../../../app/providers/ai/quote";
import type { ExtractInput } from "../../../app/providers/ai/types";

type Line = [who: "C" | "B", iso: string, body: string];

function chat(timeZone: string, services: string[], lines: Line[], now?: string): ExtractInput {
  return {
    timeZone,
    services,
    messages: lines.map(([who, iso, body]) => ({ fromMe: who === "B", timestamp: Date.parse(iso), body })),
    now: Date.parse(now ?? lines[lines.length - 1][1]) + 60_000,
  };
}

const slots = (input: ExtractInput) => extractBookings(input).map((b) => `${b.service} ${b.date} ${b.time}`);

describe("offline extractor: simple requests and relative dates", () => {
  it("books 'tomorrow at 5pm' for a haircut on the next local date", async () => {
    const input = chat(
      "Europe/London",
      ["Haircut", "Coloring"],
      [["C", "2026-03-09T18:02:00+00:00", "Hi! Can I come tomorrow at 5pm for a haircut?"]],
    );
    expect(await offlineExtractor.extract(input)).toEqual([
      {
        service: "Haircut",
        date: "2026-03-10",
        time: "17:00",
        notes: "",
        quote: "Hi! Can I come tomorrow at 5pm for a haircut?",
      },
    ]);
    expect(offlineExtractor.name).toBe("offline");
  });

  it("resolves an evening New York message by its local date, not UTC", () => {
    const input = chat(
      "America/New_York",
      ["Skin Fade", "Classic Cut", "Beard Shape-Up"],
      [
        ["C", "2026-03-07T22:15:00-05:00", "u open tomorrow? need a skin fade"],
        ["B", "2026-03-07T22:40:00-05:00", "We open 10 tomorrow. 10:30 good?"],
        ["C", "2026-03-07T22:41:00-05:00", "yessir"],
      ],
    );
    expect(slots(input)).toEqual(["Skin Fade 2026-03-08 10:30"]);
  });

  it("keeps dates right across a DST change (London, 29 March 2026)", () => {
    const input = chat(
      "Europe/London",
      ["Highlights", "Blow-dry"],
      [
        ["C", "2026-03-28T23:30:00+00:00", "Sorry it's late! Any chance of a blow-dry on Monday at 9?"],
        ["B", "2026-03-29T09:00:00+01:00", "Morning! Monday 9:00 works 👍"],
      ],
    );
    expect(slots(input)).toEqual(["Blow-dry 2026-03-30 09:00"]);
  });

  it("counts 'next week <weekday>' in the following Monday-start week", () => {
    const input = chat(
      "Europe/London",
      ["Women's Haircut", "Blow-dry"],
      [
        ["C", "2026-03-02T09:00:00+00:00", "Hi, can I book a blow-dry next week Wednesday at 11?"],
        ["B", "2026-03-02T09:30:00+00:00", "Yes, 11:00 is yours"],
      ],
    );
    expect(slots(input)).toEqual(["Blow-dry 2026-03-11 11:00"]);
  });

  it("rolls a date without a year over the new year", () => {
    const input = chat(
      "Europe/Berlin",
      ["Skin Fade", "Classic Cut"],
      [
        ["C", "2026-12-29T14:00:00+01:00", "Hey, classic cut on 2.1. at 11:00?"],
        ["B", "2026-12-29T14:30:00+01:00", "Passt, 2.1. um 11:00 Uhr"],
      ],
    );
    expect(slots(input)).toEqual(["Classic Cut 2027-01-02 11:00"]);
  });

  it("reads numeric dates month-first in American zones", () => {
    const input = chat(
      "America/New_York",
      ["Pedicure", "Gel Manicure"],
      [["B", "2026-01-22T12:00:00-05:00", "Hi Ashley! Confirming your pedicure Monday 2/9 at 11am 💅"]],
    );
    expect(slots(input)).toEqual(["Pedicure 2026-02-09 11:00"]);
  });
});

describe("offline extractor: following the conversation", () => {
  it("takes the alternative the customer picks", () => {
    const input = chat(
      "Europe/London",
      ["Haircut", "Coloring", "Blowout"],
      [
        ["C", "2026-03-09T18:02:00+00:00", "Hi! Do you have anything for a haircut this week?"],
        ["B", "2026-03-09T18:20:00+00:00", "Thursday I have 17:00 or 18:30"],
        ["C", "2026-03-09T18:24:00+00:00", "18:30 is perfect"],
      ],
    );
    expect(slots(input)).toEqual(["Haircut 2026-03-12 18:30"]);
  });

  it("keeps only the final slot of a reschedule", () => {
    const input = chat(
      "America/New_York",
      ["Skin Fade", "Classic Cut", "Cut & Beard"],
      [
        ["C", "2025-10-22T14:11:00-04:00", "Need a classic cut Friday, 12:30 good?"],
        ["B", "2025-10-22T14:30:00-04:00", "Yep 12:30 Friday you're in"],
        ["C", "2025-10-23T20:02:00-04:00", "yo can we push it to 5? stuck at work till 4"],
        ["B", "2025-10-23T20:15:00-04:00", "can do 5:15"],
        ["C", "2025-10-23T20:16:00-04:00", "works"],
      ],
    );
    expect(slots(input)).toEqual(["Classic Cut 2025-10-24 17:15"]);
  });

  it("restores the old slot when the new one is taken", () => {
    const input = chat(
      "Asia/Jerusalem",
      ["תספורת", "עיצוב זקן", "תספורת + זקן"],
      [
        ["C", "2026-05-10T20:00:00+03:00", "אחי אפשר מחר ב-18:00 תספורת?"],
        ["B", "2026-05-10T20:10:00+03:00", "סגור"],
        ["C", "2026-05-11T09:00:00+03:00", "אפשר להזיז ל-19:00?"],
        ["B", "2026-05-11T09:20:00+03:00", "19:00 תפוס, נשאר 18:00"],
      ],
    );
    expect(slots(input)).toEqual(["תספורת 2026-05-11 18:00"]);
  });

  it("yields nothing for a cancelled appointment", () => {
    const input = chat(
      "America/New_York",
      ["Full Groom", "Bath & Tidy", "Nail Trim"],
      [
        ["C", "2026-10-29T10:00:00-04:00", "Hi! Can Daisy come for a full groom Saturday Nov 7 at 9am?"],
        ["B", "2026-10-29T10:20:00-04:00", "Yes! See you both Saturday 11/7 at 9 🐩"],
        ["C", "2026-11-04T19:30:00-05:00", "Hey, sad news, we have to cancel Saturday - Daisy had surgery"],
        ["B", "2026-11-04T19:45:00-05:00", "Oh no! Cancelled, no fee of course"],
      ],
    );
    expect(slots(input)).toEqual([]);
  });

  it("restores a cancellation that is taken back", () => {
    const input = chat(
      "Europe/London",
      ["Highlights", "Blow-dry"],
      [
        ["C", "2026-03-01T10:00:00+00:00", "Hi, highlights Saturday at 10?"],
        ["B", "2026-03-01T10:10:00+00:00", "Booked for Saturday 10:00"],
        ["C", "2026-03-05T10:00:00+00:00", "So sorry, I need to cancel Saturday"],
        ["B", "2026-03-05T10:10:00+00:00", "No problem, cancelled"],
        ["C", "2026-03-05T12:00:00+00:00", "Actually can I keep it after all?"],
        ["B", "2026-03-05T12:10:00+00:00", "Yes! I've put you back in"],
      ],
    );
    expect(slots(input)).toEqual(["Highlights 2026-03-07 10:00"]);
  });

  it("drops an offer the customer declines", () => {
    const input = chat(
      "Europe/Berlin",
      ["Skin Fade", "Classic Cut"],
      [
        ["C", "2026-12-29T14:00:00+01:00", "Hey, can I get a skin fade on 31.12 before the party? around 15:00"],
        ["B", "2026-12-29T14:30:00+01:00", "Hey Ben, on the 31st we close at 14:00 and we're full 😬 2.1. at 11:00?"],
        ["C", "2026-12-29T14:32:00+01:00", "Nah that's after the party lol. Thanks anyway"],
      ],
    );
    expect(slots(input)).toEqual([]);
  });
});

describe("offline extractor: services and several bookings", () => {
  it("maps 'cut and beard' to the combined catalogue entry", () => {
    const input = chat(
      "Europe/London",
      ["Haircut", "Beard Trim", "Haircut + Beard"],
      [
        ["C", "2026-04-01T12:00:00+01:00", "Hi, cut and beard this Friday at 18:00?"],
        ["B", "2026-04-01T12:10:00+01:00", "Yes mate, Friday 18:00 booked"],
      ],
    );
    expect(slots(input)).toEqual(["Haircut + Beard 2026-04-03 18:00"]);
  });

  it("gives one booking per person, each with its own time and catalogue name", () => {
    const input = chat(
      "Asia/Jerusalem",
      ["Haircut", "Blow-dry", "Kids Haircut"],
      [
        [
          "C",
          "2025-09-07T18:00:00+03:00",
          "Hi! I need a haircut for me and a kids haircut for my son, אפשר ביום רביעי?",
        ],
        ["B", "2025-09-07T18:30:00+03:00", "Hi Rachel! Wednesday 10/9: you at 16:00 and your son at 16:45?"],
        ["C", "2025-09-07T18:31:00+03:00", "מעולה, thanks!"],
      ],
    );
    expect(slots(input)).toEqual(["Haircut 2025-09-10 16:00", "Kids Haircut 2025-09-10 16:45"]);
  });

  it("keeps the booking that was not cancelled", () => {
    const input = chat(
      "Asia/Jerusalem",
      ["מניקור", "לק ג'ל", "פדיקור"],
      [
        ["C", "2025-11-20T10:00:00+02:00", "היי, אני ואמא שלי רוצות לבוא ביחד. לי מניקור ולה פדיקור. יום חמישי 27/11?"],
        ["B", "2025-11-20T10:30:00+02:00", "חמישי 27/11: את ב-10:00 מניקור ואמא ב-10:00 פדיקור"],
        ["C", "2025-11-24T18:00:00+02:00", "היי, אמא שלי לא תוכל להגיע בסוף 😕 תבטלי לה בבקשה. אני מגיעה"],
        ["B", "2025-11-24T18:10:00+02:00", "ביטלתי את הפדיקור, נתראה בחמישי ב-10 👍"],
      ],
    );
    expect(slots(input)).toEqual(["מניקור 2025-11-27 10:00"]);
  });

  it("copies the catalogue spelling exactly and adds a note for whom", () => {
    const input = chat(
      "America/New_York",
      ["Full Groom - Small Dog", "Full Groom - Large Dog", "Nail Clipping"],
      [
        [
          "C",
          "2026-06-09T09:00:00-04:00",
          "Hi! Can Bruno (golden retriever, 32kg) come for a full groom Friday 6/12 at 9:30am?",
        ],
        ["B", "2026-06-09T09:30:00-04:00", "Yes! Bruno 9:30am Friday ✔"],
      ],
    );
    const out = extractBookings(input);
    expect(out.map((b) => `${b.service} ${b.date} ${b.time}`)).toEqual(["Full Groom - Large Dog 2026-06-12 09:30"]);
  });
});

describe("offline extractor: Hebrew", () => {
  it("reads 'ב-10 בבוקר' and מחר", () => {
    const input = chat(
      "Asia/Jerusalem",
      ["תספורת נשים", "פן", "צבע שורש"],
      [
        ["C", "2026-03-01T20:00:00+02:00", "היי, אפשר צבע שורש מחר ב-10 בבוקר?"],
        ["B", "2026-03-01T20:10:00+02:00", "כן, מחר ב-10:00 מחכה לך"],
      ],
    );
    expect(slots(input)).toEqual(["צבע שורש 2026-03-02 10:00"]);
  });

  it('dates מוצ"ש on the Saturday and maps פן to Blow-dry', () => {
    const input = chat(
      "Asia/Jerusalem",
      ["Haircut", "Blow-dry", "Color"],
      [
        ["C", "2026-04-15T17:00:00+03:00", 'היי! יש לך מקום לפן במוצ"ש? יש לנו אירוע ב-21:30'],
        ["B", "2026-04-15T17:20:00+03:00", 'היי, במוצ"ש אני פותחת ב-20:00, אז 20:00 שלך'],
        ["C", "2026-04-15T17:22:00+03:00", "יאללה מעולה"],
      ],
    );
    expect(slots(input)).toEqual(["Blow-dry 2026-04-18 20:00"]);
  });
});

describe("offline extractor: Russian, Arabic, German", () => {
  it("reads a Russian pick from offered times", () => {
    const input = chat(
      "Europe/Berlin",
      ["Стрижка", "Кератин", "Мелирование"],
      [
        ["C", "2026-03-02T10:00:00+01:00", "Здравствуйте! Можно записаться на кератин в четверг?"],
        ["B", "2026-03-02T10:10:00+01:00", "Добрый день! В четверг есть 10:00 или 14:30"],
        ["C", "2026-03-02T10:11:00+01:00", "Давайте в 14:30"],
      ],
    );
    expect(slots(input)).toEqual(["Кератин 2026-03-05 14:30"]);
  });

  it("reads Arabic-Indic digits and 'المسا'", () => {
    const input = chat(
      "Asia/Jerusalem",
      ["قص شعر", "صبغة", "سشوار"],
      [
        ["C", "2026-03-02T10:00:00+02:00", "مرحبا، بدي موعد صبغة بكرا"],
        ["B", "2026-03-02T10:10:00+02:00", "أهلين، بكرا الساعة ٦ المسا؟"],
        ["C", "2026-03-02T10:11:00+02:00", "تمام"],
      ],
    );
    expect(slots(input)).toEqual(["صبغة 2026-03-03 18:00"]);
  });

  it("moves a German booking and splits compound service names", () => {
    const input = chat(
      "Europe/Berlin",
      ["Damenhaarschnitt", "Herrenhaarschnitt", "Ansatzfarbe"],
      [
        ["C", "2026-03-02T10:00:00+01:00", "Hallo, kann ich Freitag um 10 Uhr zum Ansatzfärben kommen?"],
        ["B", "2026-03-02T10:10:00+01:00", "Ja, passt"],
        ["C", "2026-03-03T10:00:00+01:00", "Kann ich den Termin auf Samstag 11 Uhr verschieben?"],
        ["B", "2026-03-03T10:10:00+01:00", "Ja, Samstag 11:00 Uhr ist eingetragen"],
      ],
    );
    expect(slots(input)).toEqual(["Ansatzfarbe 2026-03-07 11:00"]);
  });
});

describe("offline extractor: nothing to book", () => {
  const cases: Array<[string, ExtractInput]> = [
    [
      "walk-in window",
      chat(
        "Asia/Jerusalem",
        ["מניקור", "הסרת ג'ל"],
        [
          ["C", "2026-06-08T18:00:00+03:00", "היי, אפשר לבוא ביום חמישי להסרת ג'ל?"],
          ["B", "2026-06-08T18:20:00+03:00", "היי, בחמישי אני עובדת בלי תורים בין 10 ל-14, כל הקודם זוכה 😊"],
        ],
      ),
    ],
    [
      "waiting list",
      chat(
        "Europe/London",
        ["Women's Haircut", "Blow-dry"],
        [
          ["C", "2026-03-01T10:00:00+00:00", "Any chance of a cut on Saturday at 2?"],
          ["B", "2026-03-01T10:10:00+00:00", "Saturday is fully booked sorry, I can add you to the waiting list"],
          ["C", "2026-03-01T10:11:00+00:00", "yes please!"],
        ],
      ),
    ],
    [
      "date without a time",
      chat(
        "America/New_York",
        ["Haircut", "Coloring"],
        [
          ["C", "2026-05-04T10:00:00-04:00", "Can I come Thursday for a color?"],
          ["B", "2026-05-04T10:10:00-04:00", "Sure, Thursday works, just text me what time suits"],
        ],
      ),
    ],
    [
      "product pick-up",
      chat(
        "Europe/London",
        ["Cut & Style", "Olaplex Treatment"],
        [
          ["C", "2026-05-04T10:00:00+01:00", "Hi, is the Olaplex No.3 back in stock?"],
          ["B", "2026-05-04T10:10:00+01:00", "Yes! You can collect it tomorrow from 10"],
          ["C", "2026-05-04T10:11:00+01:00", "Great, I'll swing by around 12"],
        ],
      ),
    ],
    [
      "broadcast",
      chat(
        "Europe/London",
        ["Facial", "Swedish Massage"],
        [
          [
            "B",
            "2026-05-04T10:00:00+01:00",
            "🌸 Mother's Day special: facial for £50! Book now for Saturday at 10am or 2pm 🌸",
          ],
        ],
      ),
    ],
    [
      "wrong number",
      chat(
        "Europe/London",
        ["Women's Haircut", "Blow-dry"],
        [
          ["C", "2026-03-01T10:00:00+00:00", "Hi, confirming my dentist appointment on Tuesday at 3pm"],
          ["B", "2026-03-01T10:10:00+00:00", "Hi, I think you have the wrong number, this is a hair salon 🙂"],
        ],
      ),
    ],
    [
      "declined offer",
      chat(
        "America/New_York",
        ["Gel Manicure", "Pedicure"],
        [
          ["B", "2026-03-01T10:00:00-05:00", "Hi! I have 11am or 1pm on Friday for your gel mani"],
          ["C", "2026-03-01T10:10:00-05:00", "Hmm neither works for me unfortunately, I'll check my schedule"],
        ],
      ),
    ],
    [
      "vague intention",
      chat(
        "America/New_York",
        ["Haircut", "Beard Trim"],
        [
          ["C", "2025-09-30T18:00:00-04:00", "yo what time you close on weekends"],
          ["B", "2025-09-30T18:20:00-04:00", "Sat 9-6, Sun 10-4"],
          ["C", "2025-09-30T18:21:00-04:00", "bet ill slide thru sometime this weekend for a cut"],
        ],
      ),
    ],
  ];
  for (const [name, input] of cases) {
    it(`yields nothing for a ${name}`, () => expect(extractBookings(input)).toEqual([]));
  }
});

describe("offline extractor: the quote shown with each proposal", () => {
  it("quotes the latest message that states the slot: the owner's confirmation over the customer's ask", () => {
    const input = chat(
      "Europe/London",
      ["Haircut", "Manicure"],
      [
        [
          "C",
          "2026-03-09T18:02:00+00:00",
          "Hi! Can I come tomorrow at 5pm for a haircut? And my daughter needs a manicure too",
        ],
        ["B", "2026-03-09T18:20:00+00:00", "Sure, see you tomorrow at 17:00 both of you"],
      ],
    );
    expect(extractBookings(input).map((b) => [b.service, b.time, b.quote])).toEqual([
      ["Haircut", "17:00", "Sure, see you tomorrow at 17:00 both of you"],
      ["Manicure", "17:00", "Sure, see you tomorrow at 17:00 both of you"],
    ]);
  });

  it("cuts a long message at word boundaries around the time, marking what was left out", () => {
    const chatter =
      "So sorry for the long message, it has been a crazy week with the kids and work and everything else going on. ";
    const input = chat(
      "Europe/London",
      ["Haircut"],
      [
        [
          "C",
          "2026-03-09T18:02:00+00:00",
          `${chatter}${chatter}Could I book a haircut on Thursday at 10:30? ${chatter}`.trim(),
        ],
      ],
    );
    const [b] = extractBookings(input);
    expect(b.time).toBe("10:30");
    expect(b.quote.length).toBeLessThanOrEqual(QUOTE_MAX_CHARS + 2);
    expect(b.quote).toMatch(/^….*Thursday at 10:30\?.*…$/);
    // Whole words only: the inner text sits between spaces in the original.
    const inner = b.quote.slice(1, -1);
    expect(` ${input.messages[0].body} `).toContain(` ${inner} `);
  });
});
