// mids api on a route of the history window (spec 8.2): the commands warn when a request reaches
// before earliestAvailableAt; mids api said nothing, so `mids api /v2/signals --paginate` passed the
// last 30 days off as the whole list, and a momentum window ending a month ago came back cut unsaid.
import { expect, it } from "vitest";
import { runMain, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox();
const WARNING = /^mids: warning: this key reads history only from \S+ on \(the last 30 days\), but this request reaches back (from \S+|to the start of the archive)\. Older data needs the archive-history entitlement\./m;

it("warns as the commands do: a default window once per key, a window asked for every time, none inside the window", async () => {
  const env = sb.env(SANDBOX_DEMO_KEY);
  const list = await runMain(["api", "/v2/projects", "-f", "limit=1", "--jq", ".data[0].id"], { env });
  const id = list.stdout.trim();
  const earliest = Date.parse(JSON.parse((await runMain(["api", "/v3/me"], { env })).stdout).data.history.earliestAvailableAt);
  // a window of 7 days that ends 2 days after the earliest: it starts 5 days before it
  const end = new Date(earliest + 2 * 86_400_000).toISOString();
  const [archive, again, asked, inside, quiet] = [
    await runMain(["api", "/v2/signals", "-f", "limit=1", "--paginate", "--max-pages", "2"], { env }),
    await runMain(["api", "/v2/signals", "-f", "limit=1"], { env }),
    await runMain(["api", `/v2/projects/${id}/momentum`, "-f", `end=${end}`], { env }),
    await runMain(["api", `/v2/projects/${id}/momentum`], { env }),
    await runMain(["api", `/v2/projects/${id}/momentum`, "-f", `end=${end}`, "-q"], { env }),
  ];
  expect(archive.stderr).toMatch(WARNING);
  expect(archive.stderr.match(new RegExp(WARNING.source, "gm"))).toHaveLength(1);
  expect(archive.stderr).toMatch(/to the start of the archive.*\(said once for this key\)$/m);
  expect(again.stderr).not.toMatch(WARNING);
  expect(asked.code).toBe(0);
  expect(asked.stderr).toMatch(WARNING);
  expect(asked.stderr).toContain(`reaches back from ${new Date(Date.parse(end) - 7 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z")}`);
  expect(inside.stderr).toBe("");
  expect(quiet.stderr).toBe("");
  // a body is what it was: the warning is stderr's
  expect(JSON.parse(asked.stdout).data).toBeDefined();
});

// neighbors' window is a duration (since=60d): the exit-6 hint offered -f start=..., a parameter the
// route does not read, so pasting it changed nothing and the run failed again.
it("a since= window before the history window: the hint sets since to whole days inside it, which then works", async () => {
  const env = sb.env(SANDBOX_DEMO_KEY);
  const id = (await runMain(["api", "/v2/projects", "-f", "limit=1", "--jq", ".data[0].id"], { env })).stdout.trim();
  const r = await runMain(["api", `/v2/projects/${id}/neighbors`, "-f", "since=400d"], { env });
  expect(r.code).toBe(6);
  const hint = /^hint: set since to a window inside the key's \(it moves with the clock\): -f (since=\d+d) in place of the since=400d given; /m.exec(r.stderr);
  expect(hint, r.stderr).not.toBeNull();
  const lookback = JSON.parse((await runMain(["api", "/v3/me"], { env })).stdout).data.history.lookbackDays as number;
  expect(hint![1]).toBe(`since=${lookback - 1}d`);
  const again = await runMain(["api", `/v2/projects/${id}/neighbors`, "-f", hint![1], "--jq", ".status"], { env });
  expect(again.code, again.stderr).toBe(0);
});

// A window given in the path (?since=400d, ?start=...): the hint's -f went beside it, the server read
// the path's value, and the run failed again with the same hint. It names the one to replace.
it("a window given in the path: the hint's -f names the parameter to replace, and so replaced the run works", async () => {
  const env = sb.env(SANDBOX_DEMO_KEY);
  const id = (await runMain(["api", "/v2/projects", "-f", "limit=1", "--jq", ".data[0].id"], { env })).stdout.trim();
  const [since, start] = await Promise.all([
    runMain(["api", `/v2/projects/${id}/neighbors?since=400d`], { env }),
    runMain(["api", `/v2/projects/${id}/momentum?start=2020-01-01T00:00:00Z`], { env }),
  ]);
  expect(since.code).toBe(6);
  const s = /^hint: set since to .*: -f (since=\d+d) in place of the since=400d given; /m.exec(since.stderr);
  expect(s, since.stderr).not.toBeNull();
  expect(start.code).toBe(6);
  const t = /^hint: set start to .*: -f (start=\S+) in place of the start=2020-01-01T00:00:00Z given; /m.exec(start.stderr);
  expect(t, start.stderr).not.toBeNull();
  const again = await runMain(["api", `/v2/projects/${id}/neighbors?${s![1]}`, "--jq", ".status"], { env });
  expect(again.code, again.stderr).toBe(0);
});
