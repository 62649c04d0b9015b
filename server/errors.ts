/** Errors are values with an HTTP status and a stable message; one handler in app.ts turns them into JSON. */
export class HttpError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

export type FieldErrors = Record<string, string[]>;

export class ValidationError extends HttpError {
  readonly errors: FieldErrors;

  constructor(errors: FieldErrors) {
    super(422, summarize(errors));
    this.errors = errors;
  }

  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

/** Laravel's summary: the first message, then "(and N more errors)". */
function summarize(errors: FieldErrors): string {
  const messages = Object.values(errors).flat();
  const first = messages[0] ?? "The given data was invalid.";
  const more = messages.length - 1;
  if (more === 0) return first;
  return `${first} (and ${more} more ${more === 1 ? "error" : "errors"})`;
}

export const unauthenticated = () => new HttpError(401, "Unauthenticated.");
export const unverified = () => new HttpError(403, "Your email address is not verified.");
export const unauthorized = () => new HttpError(403, "This action is unauthorized.");
export const notFound = () => new HttpError(404, "Not Found.");
export const imageTooLarge = () => new HttpError(413, "The image you have uploaded is too large");
/** Any other body over a limit: JSON above 1 MiB, a form with more parts than any form has. */
export const requestTooLarge = () => new HttpError(413, "The request is too large.");
export const csrfMismatch = () => new HttpError(419, "CSRF token mismatch.");
export const passwordConfirmationRequired = () =>
  new HttpError(423, "Password confirmation required.");
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new HttpError(429, "Too Many Attempts.", {
    "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
