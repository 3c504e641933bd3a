/** The development database when DATABASE_URL is unset (CLI scripts only; services decide their own default). */
export const DEFAULT_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/wordguard";
