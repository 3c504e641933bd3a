// The admin API's reply shape (CONTRACT.md §2.1): always HTTP 200, {errCode, errMsg, errDlt, data?}.
import { ApiError, ERRORS, type ErrorName } from "@wordguard/contracts";

export interface OkEnvelope<T> {
  errCode: 0;
  errMsg: "";
  errDlt: "";
  data: T;
}

export interface ErrorEnvelope {
  errCode: number;
  errMsg: string;
  errDlt: string;
}

export function ok<T>(data: T): OkEnvelope<T> {
  return { errCode: 0, errMsg: "", errDlt: "", data };
}

export function errorEnvelope(error: ApiError): ErrorEnvelope {
  return { errCode: error.errCode, errMsg: error.errName, errDlt: error.errDlt };
}

/** Shorthand for the errors routes throw. */
export function fail(name: ErrorName, detail = ""): ApiError {
  return new ApiError(name, detail, ERRORS[name].code);
}
