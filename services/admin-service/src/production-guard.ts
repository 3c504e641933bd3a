// NODE_ENV=production refuses the development defaults (CONTRACT.md §2.2): a known JWT secret lets anyone mint
// admin tokens, a known password lets anyone log in as the first super admin.
import { DEV_ADMIN_PASSWORD, DEV_JWT_SECRET, type AdminSettings } from "@wordguard/contracts";

export class UnsafeSettingsError extends Error {
  constructor(problems: string[]) {
    super(`refusing to start in production:\n  ${problems.join("\n  ")}`);
    this.name = "UnsafeSettingsError";
  }
}

export function unsafeSettings(settings: AdminSettings): string[] {
  if (settings.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  if (settings.ADMIN_JWT_SECRET.trim() === "" || settings.ADMIN_JWT_SECRET === DEV_JWT_SECRET) {
    problems.push("ADMIN_JWT_SECRET is empty or the development default: set a secret of your own");
  }
  if (settings.ADMIN_PASSWORD.trim() === "" || settings.ADMIN_PASSWORD === DEV_ADMIN_PASSWORD) {
    problems.push("ADMIN_PASSWORD is empty or the development default: set a password of your own");
  }
  return problems;
}

export function assertSafeSettings(settings: AdminSettings): void {
  const problems = unsafeSettings(settings);
  if (problems.length > 0) throw new UnsafeSettingsError(problems);
}
