// The command the user ran (`projects list`), set once by main before the action runs, so notices
// can name it instead of an API path. Empty in library use and unit tests: notices name paths then.
export const invocation = { command: "", apiFlag: false };

export function setInvocation(command: string, apiFlag: boolean): void {
  invocation.command = command;
  invocation.apiFlag = apiFlag;
}
