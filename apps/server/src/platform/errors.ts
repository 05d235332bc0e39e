import { Messages, ResultCode } from '@iot/contracts';

/** An error the client sees: a spec code, a (Chinese) message, optional data, an HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 400,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export function badRequest(message: string, data: unknown = null): ApiError {
  return new ApiError(ResultCode.ERROR, message, 400, data);
}
export function forbidden(message: string = Messages.FORBIDDEN): ApiError {
  return new ApiError(ResultCode.ERROR, message, 403);
}
export function notFound(message: string = Messages.NOT_FOUND): ApiError {
  return new ApiError(ResultCode.ERROR, message, 404);
}
export function conflict(message: string): ApiError {
  return new ApiError(ResultCode.ERROR, message, 409);
}
export function tokenInvalid(): ApiError {
  return new ApiError(ResultCode.TOKEN_ERROR, Messages.TOKEN_INVALID, 401);
}
export function tokenExpired(message: string = Messages.TOKEN_EXPIRED): ApiError {
  return new ApiError(ResultCode.TOKEN_EXPIRED, message, 401);
}
export function tooManyRequests(message: string = Messages.TOO_MANY_REQUESTS): ApiError {
  return new ApiError(ResultCode.ERROR, message, 429);
}
