import { Type, type Static, type TSchema } from "typebox";

/** OpenIM chat admin-api envelope: always HTTP 200; errCode 0 with data, or an error without data. */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({
    errCode: Type.Integer(),
    errMsg: Type.String(),
    errDlt: Type.String(),
    data: Type.Optional(data),
  });
}

export const ErrorEnvelopeSchema = Type.Object({
  errCode: Type.Integer(),
  errMsg: Type.String(),
  errDlt: Type.String(),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelopeSchema>;

/** 1-based page; showNumber 1..1000 (CONTRACT.md §2.1). */
export const PaginationSchema = Type.Object({
  pageNumber: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  showNumber: Type.Integer({ minimum: 1, maximum: 1000 }),
});
export type Pagination = Static<typeof PaginationSchema>;

export const EmptySchema = Type.Object({});
