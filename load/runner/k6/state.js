// What one run records: every check's outcome and every request, for the runner's summary.
export const recorded = { checks: [], requests: [] };
