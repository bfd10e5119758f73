/** The one error handler: maps every failure to `{ error: { code, message } }` and a status. */
import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  AppError,
  codeForStatus,
  statusForCode,
  type ErrorBody,
  type ErrorDetails,
} from '../../domain/errors';
import type { Logger } from '../log';

export function errorBody(
  code: ErrorBody['error']['code'],
  message: string,
  details?: ErrorDetails,
): ErrorBody {
  return { error: { code, message, ...details } };
}

export function createErrorHandler(log: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof AppError) {
      return c.json(
        errorBody(error.code, error.message, error.details),
        statusForCode(error.code) as ContentfulStatusCode,
      );
    }
    if (error instanceof HTTPException && error.status < 500) {
      // Hono raises these for malformed bodies before our validators run.
      const message = /json/i.test(error.message)
        ? 'Request body must be valid JSON'
        : error.message;
      return c.json(errorBody(codeForStatus(error.status), message || 'Bad request'), error.status);
    }
    log.error(`unhandled error on ${c.req.method} ${c.req.path}`, error);
    return c.json(
      errorBody('internal', 'Something went wrong on our side. Please try again.'),
      500,
    );
  };
}

export const notFoundApi: NotFoundHandler = (c) =>
  c.json(errorBody('not-found', `No API route ${c.req.method} ${c.req.path}`), 404);
