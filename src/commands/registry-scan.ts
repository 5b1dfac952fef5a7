// The commands of the `mids migrate scan` start-up bundle (dist/migrate-scan.js, .ci/build.mjs
// builds it with this file in place of registry.ts): `migrate` and its subcommands only, so the
// scan loads one module instead of the whole command tree. bin/mids sends it only command lines
// that start with `migrate scan`, which no other top-level command can parse.
import type { Command } from "commander";
import type { Context } from "../context.js";
import * as migrate from "./migrate/index.js";

export const COMMANDS: readonly ((program: Command, ctx: Context) => void)[] = [migrate.register];
