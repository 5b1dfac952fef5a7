// One temporary root for the whole run: workers make their directories under it (they share
// their processes between files and are stopped, not exited, at the end: their own exit hooks
// never run), and it is removed when the run ends, passed or failed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), "mids-test-"));
  process.env.MIDS_TEST_TMP = root;
  return () => rmSync(root, { recursive: true, force: true });
}
