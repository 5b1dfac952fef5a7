// Every top-level command, in help order, by name. Each index file is light (its options and help):
// its run module, and all that the command needs to run, loads lazily when the command runs. A
// command line registers only the command it names (src/root/program.ts commandWord); help, a
// typo and completion register them all.
import type { Command } from "commander";
import type { Context } from "../context.js";
import * as projects from "./projects/index.js";
import * as intel from "./intel/index.js";
import * as topics from "./topics/index.js";
import * as reports from "./reports/index.js";
import * as series from "./series/index.js";
import * as clusters from "./clusters/index.js";
import * as vocabulary from "./vocabulary/index.js";
import * as grounding from "./grounding/index.js";
import * as alerts from "./alerts/index.js";
import * as me from "./me/index.js";
import * as recipes from "./recipes/index.js";
import * as api from "./api/index.js";
import * as migrate from "./migrate/index.js";
import * as contract from "./contract/index.js";
import * as sandbox from "./sandbox/index.js";
import * as completion from "./completion/index.js";
import * as config from "./config/index.js";
import * as doctor from "./doctor/index.js";

export interface CommandEntry {
  /** the name its register() gives the command (test/unit/registry.test.ts holds them together) */
  name: string;
  register: (program: Command, ctx: Context) => void;
  /** the command reads the whole command tree (completion scripts): it registers every command */
  needsAll?: true;
}

export const COMMANDS: readonly CommandEntry[] = [
  { name: "projects", register: projects.register },
  { name: "intel", register: intel.register },
  { name: "topics", register: topics.register },
  { name: "reports", register: reports.register },
  { name: "series", register: series.register },
  { name: "clusters", register: clusters.register },
  { name: "vocabulary", register: vocabulary.register },
  { name: "grounding", register: grounding.register },
  { name: "alerts", register: alerts.register },
  { name: "me", register: me.register },
  { name: "recipes", register: recipes.register },
  { name: "api", register: api.register },
  { name: "migrate", register: migrate.register },
  { name: "contract", register: contract.register },
  { name: "sandbox", register: sandbox.register },
  { name: "completion", register: completion.register, needsAll: true },
  { name: "config", register: config.register },
  { name: "doctor", register: doctor.register },
];
