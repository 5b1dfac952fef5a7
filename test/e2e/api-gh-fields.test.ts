// gh api's -F habits at mids api -f (whose unknown-option hint says it is typed as -F is): a nested
// key (selector[followedProjects]=true, ids[]=a) went out as the text of the key, and a value read
// from a file (name=@name.txt) went out as the text "@name.txt", renaming an alert to it.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("a nested key or an @file value in a body is exit 2 with nothing sent and the JSON value that sends it", async () => {
  const server = await hostile((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c)).on("end", () => sendJson(res, 200, { data: JSON.parse(body || "null"), meta: {} }));
  });
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_test_key_0010" });
  const patch = (...f: string[]) => runMain(["api", "-X", "PATCH", "/v3/alerts/a1", ...f.flatMap((x) => ["-f", x])], { env });
  const [nested, list, file] = await Promise.all([
    patch("selector[followedProjects]=true", "selector[window]=1 day"),
    patch("destinationIds[]=d1", "destinationIds[]=d2"),
    patch("name=@name.txt"),
  ]);
  expect(nested.stderr).toBe("mids: -f selector[followedProjects]=...: mids api does not nest fields as gh api does (the key would be sent as written)\n" +
    `hint: give the object as one JSON value: -f 'selector={"followedProjects":true,"window":"1 day"}'\n`);
  expect(list.stderr.split("\n")[1]).toBe(`hint: give the list as one JSON value: -f 'destinationIds=["d1","d2"]'`);
  expect(file.stderr).toBe("mids: -f name=@name.txt: mids api reads no file for a value (gh api's -F does): it would be sent as the text @name.txt\n" +
    `hint: send a file as the whole body with --input name.txt, or that text as a JSON string: -f 'name="@name.txt"'\n`);
  for (const r of [nested, list, file]) expect(r.code).toBe(2);
  // a value the hint echoes passes the secret rules
  const secret = await patch("auth[token]=tok_typed_secret_0017");
  expect(secret.code).toBe(2);
  expect(secret.stderr).not.toContain("tok_typed_secret_0017");
  // ...one value at a time, the JSON around it kept: the rules over the whole hint read 'auth={'
  // as a parameter's value and printed -f 'auth=***"token":"***"}', no JSON to fill in
  expect(secret.stderr.split("\n")[1]).toBe(`hint: give the object as one JSON value: -f 'auth={"token":"***"}'`);
  // an @ value of a secret name: never echoed (it was, in the message and the hint's --input)
  const at = await patch("token=@tok_typed_secret_0018");
  expect(at.code).toBe(2);
  expect(at.stderr).not.toContain("tok_typed_secret_0018");
  expect(at.stderr).toBe("mids: -f token=@***: mids api reads no file for a value (gh api's -F does): it would be sent as the text @***\n" +
    `hint: send a file as the whole body with --input FILE, or that text as a JSON string: -f 'token="@***"'\n`);
  // two levels or more (gh nests as deep as the brackets go): sent as the key 'selector[window][days]'
  const deep = await patch("selector[window][days]=7", "selector[window][unit]=d", "selector[ids][]=a");
  expect(deep.code).toBe(2);
  expect(deep.stderr.split("\n")[1]).toBe(`hint: give the object as one JSON value: -f 'selector={"window":{"days":7,"unit":"d"},"ids":["a"]}'`);
  expect(server.seen).toEqual([]);
  // the forms the hints give are sent as meant; a GET's query stays as written
  const sent = await patch(`selector={"followedProjects":true}`, `name="@name.txt"`, "note=@");
  expect(sent.code).toBe(0);
  expect(JSON.parse(sent.stdout).data).toEqual({ selector: { followedProjects: true }, name: "@name.txt", note: "@" });
  const get = await runMain(["api", "/v3/x", "-f", "q=@x", "-f", "a[]=1"], { env: baseEnv({ MIDS_BASE_URL: server.url }) });
  expect(get.code).toBe(0);
  expect(server.seen.at(-1)).toBe("/v3/x?q=%40x&a%5B%5D=1");
});
