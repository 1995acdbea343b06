/**
 * Wraps an asynchronous call so that each call starts once the one before it has ended, answered
 * or failed: for a connection that takes one query at a time (pg 9 drops the queue pg 8 kept for
 * queries sent together), and for messages that must leave in the order they were made.
 */
export function inTurn<Args extends unknown[], Answer>(call: (...args: Args) => Promise<Answer>): (...args: Args) => Promise<Answer> {
  let previous: Promise<unknown> = Promise.resolve();
  return (...args) => {
    const answer = previous.then(() => call(...args));
    previous = answer.catch(() => undefined);
    return answer;
  };
}
