// Entry of the bundle: bin/mids imports this and owns process.exit.
export { main } from "./main.js";
