// The command the user ran (`projects list`), so notices and errors can name it instead of an API
// path. main sets it on the context's globals before the action runs and hands it to the client;
// absent in library use and unit tests, where notices name paths.
export interface Invocation {
  /** the command path, e.g. `projects list` (`api` for the raw command) */
  command: string;
  /** --api v2 was given on the command line */
  apiFlag: boolean;
}
