/** A refusal the command line prints as is: the input was wrong, and nothing was written. */
export class OpsError extends Error {}
