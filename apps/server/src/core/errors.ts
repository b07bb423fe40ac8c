import { MSG } from '@uplus/shared';

/** Default message per answer code, used when an error carries none fit to show. */
export const DEFAULT_MESSAGES: Record<number, string> = {
  400: MSG.badRequest,
  401: MSG.unauthorized,
  403: MSG.noPermission,
  404: MSG.notFound,
  413: '请求内容过大',
  415: '不支持的请求内容类型',
  429: MSG.tooManyAttempts,
  500: MSG.internalError,
};

/** The one error type services throw; the error handler turns it into the envelope with HTTP status = code. */
export class AppError extends Error {
  readonly code: number;

  constructor(code: number, message?: string) {
    super(message || DEFAULT_MESSAGES[code] || MSG.internalError);
    this.name = 'AppError';
    this.code = code;
  }

  static badRequest(message: string = MSG.badRequest) {
    return new AppError(400, message);
  }
  static unauthorized(message: string = MSG.unauthorized) {
    return new AppError(401, message);
  }
  static forbidden(message: string = MSG.noPermission) {
    return new AppError(403, message);
  }
  static notFound(message: string = MSG.notFound) {
    return new AppError(404, message);
  }
  static tooManyRequests(message: string = MSG.tooManyAttempts) {
    return new AppError(429, message);
  }
}
