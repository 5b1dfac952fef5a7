// The summary line of signals-sunset notes (migrate's stderr) says whether the signals routes are
// past their sunset at the run's time, by the date (the rule the notes follow), not by the words of
// the first note counted: a reworded note cannot turn it around.
import { describe, expect, it } from "vitest";
import { SIGNALS_SUNSET } from "../../src/contract/routes.js";
import { sunsetSummary } from "../../src/migrate/rewrite.js";

const at = (ms: number) => new Date(Date.parse(SIGNALS_SUNSET) + ms);

describe("the signals-sunset summary", () => {
  it("is 'past their sunset' from the sunset's first millisecond, 'sunset on' before it", () => {
    expect(sunsetSummary(at(-1))).toMatch(new RegExp(`are deprecated aliases sunset on ${SIGNALS_SUNSET}\\. Move to the successor routes before then\\.$`));
    for (const ms of [0, 86_400_000]) expect(sunsetSummary(at(ms))).toContain(`past their ${SIGNALS_SUNSET} sunset`);
  });
  it("names every signals route", () => {
    for (const p of ["/v2/signals", "/v2/signals/{id}", "/v2/signal-categories"]) expect(sunsetSummary(at(0))).toContain(p);
  });
});
