// Every top-level command, in help order. Each index file is light: its run module loads lazily.
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

export const COMMANDS: readonly ((program: Command, ctx: Context) => void)[] = [
  projects, intel, topics, reports, series, clusters, vocabulary, grounding, alerts, me, recipes, api, migrate, contract, sandbox, completion, config, doctor,
].map((m) => m.register);
