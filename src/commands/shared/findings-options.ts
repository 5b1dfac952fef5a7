// The findings flags every command that reports findings shares (recipes validate, migrate scan):
// declared once, so help, completions and the formats stay the same for both.
import { Option, type Command } from "commander";
import { FORMATS } from "../../findings/formats.js";

/**
 * `notes`: the command's findings carry notes (migrate scan's), which stylish says in full once per
 * file, then by name; --full-notes is offered only there (recipes validate's and contract check's
 * findings have none: the flag would change nothing, so it is refused as unknown, with a hint).
 */
export function addFindingsOptions(cmd: Command, { notes }: { notes: boolean }): Command {
  cmd
    .addOption(new Option("--format <format>", "findings format (default: github when GITHUB_ACTIONS=true, json with -o json, else stylish)").choices(FORMATS))
    .option("--output-file <file>", "also write the findings to FILE (format from --output-file-format or the extension)")
    .addOption(new Option("--output-file-format <format>", "format of --output-file (default from its extension: .sarif, .xml, .json)").choices(FORMATS));
  if (notes) cmd.option("--full-notes", "stylish: every note in full under every finding (default: in full once per file, then by name; the other formats always hold every note in full)");
  return cmd;
}
