// The findings flags every command that reports findings shares (recipes validate, migrate scan):
// declared once, so help, completions and the formats stay the same for both.
import { Option, type Command } from "commander";
import { FORMATS } from "../../findings/formats.js";

export function addFindingsOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option("--format <format>", "findings format (default: github when GITHUB_ACTIONS=true, json with -o json, else stylish)").choices(FORMATS))
    .option("--output-file <file>", "also write the findings to FILE (format from --output-file-format or the extension)")
    .addOption(new Option("--output-file-format <format>", "format of --output-file (default from its extension: .sarif, .xml, .json)").choices(FORMATS))
    .option("--full-notes", "stylish: every note in full under every finding (default: in full once per file, then by name)");
}
