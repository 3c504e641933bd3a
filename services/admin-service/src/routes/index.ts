// Every route of the admin API, registered under /adminx. Files mirror the URL paths.
import type { AdminApp } from "../types.ts";
import type { RouteContext } from "./context.ts";
import login from "./account/login.ts";
import logout from "./account/logout.ts";
import info from "./account/info.ts";
import addAdmin from "./account/add-admin.ts";
import delAdmin from "./account/del-admin.ts";
import addWords from "./sensitive-word/add.ts";
import delWords from "./sensitive-word/del.ts";
import searchWords from "./sensitive-word/search.ts";
import updateWord from "./sensitive-word/update.ts";
import testText from "./sensitive-word/test.ts";
import importWords from "./sensitive-word/import.ts";
import exportWords from "./sensitive-word/export.ts";
import setPolicy from "./sensitive-word/policy/set.ts";
import getPolicy from "./sensitive-word/policy/get.ts";
import addWhitelist from "./sensitive-word/whitelist/add.ts";
import delWhitelist from "./sensitive-word/whitelist/del.ts";
import searchWhitelist from "./sensitive-word/whitelist/search.ts";
import searchHits from "./sensitive-word/hit/search.ts";
import purgeHits from "./sensitive-word/hit/purge.ts";
import searchAudit from "./sensitive-word/audit/search.ts";
import setUserAttributes from "./user/attribute/set.ts";
import searchUserAttributes from "./user/attribute/search.ts";

const ROUTES: Array<(app: AdminApp, ctx: RouteContext) => void> = [
  login,
  logout,
  info,
  addAdmin,
  delAdmin,
  addWords,
  delWords,
  searchWords,
  updateWord,
  testText,
  importWords,
  exportWords,
  setPolicy,
  getPolicy,
  addWhitelist,
  delWhitelist,
  searchWhitelist,
  searchHits,
  purgeHits,
  searchAudit,
  setUserAttributes,
  searchUserAttributes,
];

export function registerRoutes(app: AdminApp, ctx: RouteContext): void {
  for (const route of ROUTES) route(app, ctx);
}
