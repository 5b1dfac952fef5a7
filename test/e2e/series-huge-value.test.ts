// mids series rank: a point whose rank is an integer past what a double holds (kept as its digits, a
// JSON string) was read as having no rank, and its VALUE became the point's other number, its trend:
// `VALUE 5` in a rank series. The digits received are now its value, in the table and the csv.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("a rank too large for a double is the point's value as its digits, not the point's trend", async () => {
  const big = "12345678901234567890123";
  const at = (h: number) => `2026-11-28T0${h}:00:00.000Z`;
  const body = `{"data":{"points":[{"timestamp":"${at(0)}","rank":1,"trend":5},{"timestamp":"${at(1)}","rank":${big},"trend":5}]},"meta":{}}`;
  const server = await hostile((_req, res) => sendJson(res, 200, body));
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_test_key_0001" });
  const [table, csv] = await Promise.all(["table", "csv"].map((o) => runMain(["series", "rank", "p1", "-o", o], { env })));
  expect([table.code, csv.code], table.stderr).toEqual([0, 0]);
  expect(table.stdout).toMatch(new RegExp(`^${at(1)} +${big} `, "m"));
  expect(csv.stdout).toBe(`timestamp,value,trend\n${at(0)},1,5\n${at(1)},${big},5\n`);
});
