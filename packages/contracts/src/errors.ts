/**
 * The one catalogue of error codes on the wire (CONTRACT.md §1.2 and §2.1).
 * Services throw `ApiError`s built from these entries; a test keeps this table in step with CONTRACT.md.
 */
export const ERRORS = {
  ArgsError: { code: 1001, meaning: "request arguments are invalid (field path in errDlt)" },
  NoPermissionError: { code: 1002, meaning: "the caller's level does not allow this route" },
  DuplicateKeyError: { code: 1003, meaning: "a record with the same key already exists" },
  RecordNotFoundError: { code: 1004, meaning: "the record does not exist" },
  ServerInternalError: { code: 500, meaning: "unexpected failure; details are logged, not returned" },
  PasswordError: { code: 20001, meaning: "wrong password" },
  AccountNotFound: { code: 20002, meaning: "no admin account with that name" },
  TokenExpired: { code: 1501, meaning: "token expired or revoked by logout" },
  TokenInvalid: { code: 1502, meaning: "bad signature or claims" },
  TokenMalformed: { code: 1503, meaning: "token is not a JWT" },
  TokenNotValidYet: { code: 1504, meaning: "token nbf is in the future" },
  TokenNotExist: { code: 1507, meaning: "no token header" },
  TooManyRequests: { code: 1509, meaning: "rate limit exceeded (login throttling)" },
  RefuseFriend: { code: 20014, meaning: "add-friend target refuses requests (REFUSE_FRIEND_CODE)" },
  SensitiveWordBlocked: { code: 20016, meaning: "message blocked by a prohibited word (SENSITIVE_WORD_BLOCKED_CODE)" },
} as const;

export type ErrorName = keyof typeof ERRORS;

/** An error that carries its contract name and detail; the services' error handlers turn it into the reply shape. */
export class ApiError extends Error {
  readonly errName: ErrorName;
  readonly errCode: number;
  readonly errDlt: string;

  constructor(name: ErrorName, errDlt = "", errCode: number = ERRORS[name].code) {
    super(`${name}: ${errDlt}`);
    this.name = "ApiError";
    this.errName = name;
    this.errCode = errCode;
    this.errDlt = errDlt;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
