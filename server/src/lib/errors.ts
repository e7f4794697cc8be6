import { MSG } from '@contract/messages';

/** Domain errors, mapped to status codes by the one error handler (plugins/errors.ts). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}
export class BadRequestError extends HttpError {
  constructor(message: string = MSG.invalidData, errors?: Record<string, string>) {
    super(400, message, errors);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message: string = MSG.unauthorized) {
    super(401, message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message: string = MSG.forbidden) {
    super(403, message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message: string = MSG.notFound) {
    super(404, message);
  }
}
export class ConflictError extends HttpError {
  constructor(message: string, errors?: Record<string, string>) {
    super(409, message, errors);
  }
}
export class TooManyRequestsError extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    msg: string = MSG.tooManyRequests,
  ) {
    super(429, msg);
  }
}
