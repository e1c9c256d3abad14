// CSV exports: customers control some cells (a WhatsApp name becomes a client
// name, extracted notes copy their words), so a cell a spreadsheet would run
// as a formula is escaped, whatever follows its first character.
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";
import { seedBooking, seedClient } from "../support/seed";

const HOSTILE = [
  "=1+1",
  "+(1+1)",
  "+ 1+cmd|' /C calc'!A0",
  "-1+cmd|' /C calc'!A0",
  "-2+3",
  "@SUM(A1)",
  "\t=1+1",
  "\r=1+1",
  "+972+HYPERLINK(1)",
];

const rowsOf = async (res: Response) => Papa.parse<string[]>((await res.text()).replace(/^\uFEFF/, "")).data;

describe("CSV exports escape formulas", () => {
  it("clients.csv: every name, tag and note starting with = + - @ tab or CR is escaped; phones stay +<digits>", async () => {
    const owner = await signedInOwner();
    for (const [i, bad] of HOSTILE.entries()) {
      await seedClient(owner.businessId, { name: `${bad}`, phone: `97254123450${i}`, notes: bad, tags: [bad] });
    }
    const rows = (await rowsOf(await owner.api("/api/export/clients.csv"))).slice(1);
    expect(rows).toHaveLength(HOSTILE.length);
    for (const row of rows) {
      const [name, phone, tags, notes] = row;
      for (const cell of [name, tags, notes]) expect(cell, JSON.stringify(cell)).toMatch(/^'/);
      expect(phone).toMatch(/^\+972 54 123 450\d$/);
    }
  });

  it("bookings.csv: service, client and notes are escaped too", async () => {
    const owner = await signedInOwner();
    const clientId = await seedClient(owner.businessId, { name: "-1+1", phone: "972521234567" });
    await seedBooking(owner.businessId, clientId, {
      service: "+(2)",
      bookingDate: "2030-01-15",
      bookingTime: "10:00",
      notes: "+ 1+1",
    });
    const [, row] = await rowsOf(await owner.api("/api/export/bookings.csv"));
    expect(row).toEqual(["2030-01-15", "10:00", "'+(2)", expect.any(String), "'-1+1", "+972 52 123 4567", "'+ 1+1"]);
  });
});
