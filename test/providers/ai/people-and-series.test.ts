// The rules for chats about several people, animals and dates: whom each time is for
// and which catalogue entry fits them, a series of dates, a second booking asked for
// "too", one of several cancelled, a restated day, and spelled times. Each chat starts
// Monday 9 March 2026 in London (see chat-support.ts).
import { describe, expect, it } from "vitest";
import { scanTimes } from "../../../app/providers/ai/offline/times";
import { booked, chat } from "./chat-support";

const pad = (n: number) => String(n).padStart(2, "0");
const read = (text: string) =>
  scanTimes(text).map((t) => `${pad(t.hour)}:${pad(t.minute)}${t.ambiguous ? "?" : ""} ${t.role}`);

describe("spelled times", () => {
  it("reads quarters and halves written in words, in English and Hebrew", () => {
    expect(read("can I come at quarter to six?")).toEqual(["17:45? slot"]);
    expect(read("half past four in the afternoon")).toEqual(["16:30 slot"]);
    expect(read("יש רבע לשש בערב")).toEqual(["17:45 slot"]);
    expect(read('ברבע לשלוש אחה"צ')).toEqual(["14:45 slot"]);
    expect(read("חמש וחצי מתאים?")).toEqual(["17:30? slot"]);
  });

  it("leaves a time the customer is busy at, and a limit, out of the slots", () => {
    expect(read("ב-10:30 אני בעבודה... 15:00 זה מצוין").map((time) => time.split(" ")[1])).toEqual(["event", "slot"]);
    expect(read("Thursday works: full groom at 10:00")).toEqual(["10:00? slot"]);
    expect(read("any time before noon")).toEqual(["12:00 constraint"]);
  });
});

describe("the catalogue entry that fits whom a slot is for", () => {
  const SALON = ["Women's Cut", "Men's Cut", "Kids Cut (under 12)", "Root Touch-Up"];

  it("gives a child named with an age the kids' entry", () => {
    const input = chat(SALON, [
      ["C", "Could I bring the girls in on Saturday for a trim? Millie is 7 and Rosie is 10"],
      ["B", "Saturday: Millie at 11:00 and Rosie at 11:30 for their trims"],
      ["C", "perfect"],
    ]);
    expect(booked(input)).toEqual(["Kids Cut (under 12) 2026-03-14 11:00", "Kids Cut (under 12) 2026-03-14 11:30"]);
  });

  it("gives each dog the size entry its weight or breed says, in pounds or kilos, from a bracketed size in the catalogue", () => {
    const input = chat(
      ["Full Groom (small)", "Full Groom (medium)", "Full Groom (large)", "Nail Clip"],
      [
        ["C", "Hi! Pip is a 12 lb shih tzu and Bruno is our 80 lb lab, both need a full groom on Saturday"],
        ["B", "Saturday: Pip at 9:00 and Bruno at 10:30"],
        ["C", "great"],
      ],
    );
    expect(booked(input)).toEqual(["Full Groom (small) 2026-03-14 09:00", "Full Groom (large) 2026-03-14 10:30"]);
  });

  it("reads Hebrew names right before their times as whom the times are for, with the service said for each", () => {
    const input = chat(
      ["רחצה וסירוק - כלב קטן", "רחצה וסירוק - כלב גדול", "תספורת מלאה - כלב קטן", "תספורת מלאה - כלב גדול"],
      [
        ["C", "היי, אפשר לקבוע לשני הכלבים? שוקו (שיצו, קטן) תספורת מלאה, ולוקה (לברדור, 30 קילו) רק רחצה"],
        ["B", "יום שלישי 10/3: שוקו ב-9:00 ולוקה ב-11:00?"],
        ["C", "מעולה"],
      ],
      "Asia/Jerusalem",
    );
    expect(booked(input)).toEqual([
      "תספורת מלאה - כלב קטן 2026-03-10 09:00",
      "רחצה וסירוק - כלב גדול 2026-03-10 11:00",
    ]);
  });

  it("does not read days before their times as people: offered days stay options", () => {
    const input = chat(
      ["פן", "תספורת"],
      [
        ["C", "אפשר פן השבוע?"],
        ["B", "יש שלישי ב-10:00 ורביעי ב-12:00"],
        ["C", "רביעי מעולה"],
      ],
      "Asia/Jerusalem",
    );
    expect(booked(input)).toEqual(["פן 2026-03-11 12:00"]);
  });
});

describe("series and second bookings", () => {
  it("makes one booking per date of a list that follows its time", () => {
    const input = chat(
      ["Physiotherapy Session", "Initial Assessment"],
      [
        ["C", "After the assessment you said I need 3 more sessions. Mondays in the morning?"],
        ["B", "Mondays at 7:45: 16/3, 23/3, 30/3. OK?"],
        ["C", "Perfect"],
      ],
    );
    expect(booked(input)).toEqual([
      "Physiotherapy Session 2026-03-16 07:45",
      "Physiotherapy Session 2026-03-23 07:45",
      "Physiotherapy Session 2026-03-30 07:45",
    ]);
  });

  it("adds a booking asked for too, rather than moving the first", () => {
    const input = chat(
      ["Skin Fade", "Beard Trim"],
      [
        ["C", "can i get a skin fade wednesday at 6pm?"],
        ["B", "Wednesday 6pm you're in"],
        ["C", "also can u lock me in for friday too? same thing, morning"],
        ["B", "Friday I got 10am or 11:30am"],
        ["C", "10"],
      ],
    );
    expect(booked(input)).toEqual(["Skin Fade 2026-03-11 18:00", "Skin Fade 2026-03-13 10:00"]);
  });

  it("keeps the others when one person's booking is cancelled and the business acknowledges it", () => {
    const input = chat(
      ["Gel Manicure", "Gel Pedicure"],
      [
        ["C", "Can I get a gel manicure and a gel pedicure on Wednesday? And my mum wants a manicure too"],
        ["B", "Wednesday: your pedicure at 10:00 and manicure at 11:30, and your mum at 12:30. OK?"],
        ["C", "yes!"],
        ["C", "Sorry, my mum is ill, can we cancel just hers?"],
        ["B", "Get well soon! I've cancelled hers. See you Wednesday at 10"],
      ],
    );
    expect(booked(input)).toEqual(["Gel Pedicure 2026-03-11 10:00", "Gel Manicure 2026-03-11 11:30"]);
  });

  it("moves one person's booking stated and moved in the same message, keeping the other's", () => {
    const input = chat(
      ["Full Colour", "Cut & Blow-dry", "Kids Cut"],
      [
        [
          "C",
          "Hi, I've got colour on Friday at 10 and my daughter Isla has a cut Saturday at 11. Could Isla's move to Saturday at 12?",
        ],
        ["B", "Yes: your colour stays Friday at 10:00 and Isla is now Saturday at 12:00"],
      ],
    );
    expect(booked(input)).toEqual(["Full Colour 2026-03-13 10:00", "Kids Cut 2026-03-14 12:00"]);
  });

  it("keeps next week's day when the business restates it as a bare weekday", () => {
    const input = chat(
      ["Facial", "Brow Wax"],
      [
        ["C", "Can I book a facial next week Wednesday?"],
        ["B", "Next week Wednesday I can do 17:45"],
        ["C", "great"],
        ["B", "Booked, Wednesday at 17:45"],
      ],
    );
    expect(booked(input)).toEqual(["Facial 2026-03-18 17:45"]);
  });
});
