// Before every test file (vitest runs setup files per file, also in a shared worker): the file's
// temporary directories are removed when its tests end.
import { afterAll } from "vitest";
import { removeTempDirs } from "./helpers/cli.js";

afterAll(removeTempDirs);
