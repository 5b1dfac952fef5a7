// What "no <resource> matched" and the --fields warning call the items: the resource, never a verb.
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { resourceName } from "../../src/root/program.js";

function leaf(path: string): Command {
  let c = new Command("mids");
  for (const name of path.split(" ")) c = c.command(name);
  return c;
}

describe("resourceName", () => {
  it("names what a list command lists and what an item command shows", () => {
    const cases: Record<string, string> = {
      "projects list": "projects", "projects candles": "candles", "projects related": "related projects",
      "intel list": "intel items", "grounding": "grounding topics", "grounding history": "grounding entries",
      "projects get": "project", "intel get": "intel item", "topics get": "topic", "reports get": "report",
      "alerts get": "alert", "alerts pause": "alerts", "recipes get": "recipe", "me": "credential",
      // doctor prints checks: a --fields typo is no field 'chek' in the checks, not "in the doctor"
      "doctor": "checks",
    };
    for (const [path, name] of Object.entries(cases)) expect(resourceName(leaf(path)), path).toBe(name);
  });
});
