import type { Request, Response } from 'express';

/**
 * Answers JSON that is text already (SQLite builds the time series' points): sent as it is, since
 * parsing and serializing again would cost more than the query for a week of samples. Where answers
 * are checked against the contract (tests), it is parsed and goes through that check like any other.
 */
export function sendJsonText(request: Request, response: Response, text: string): void {
  if (request.answerChecked) {
    response.json(JSON.parse(text));
    return;
  }
  // end(), not send(): send() would hash the whole body for an ETag that no chart revalidates with.
  response.type('application/json').end(text);
}
