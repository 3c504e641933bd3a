// Loads Prisma's schema engine compiled to WebAssembly and opens it over a driver adapter. The native engine cannot
// be downloaded on our machines; this wasm build does migrations through any migration-aware driver adapter.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import * as bg from "@prisma/schema-engine-wasm/schema_engine_bg";
import type { SchemaContainer, SchemaEngine } from "@prisma/schema-engine-wasm/schema_engine_bg";

interface PanicRegistry {
  message: string;
  set_message(message: string): void;
}

declare global {
  // The wasm glue reports Rust panics through this global; without it a panic surfaces as a TypeError.
  var PRISMA_WASM_PANIC_REGISTRY: PanicRegistry | undefined;
}

/** The glue function that binds the instantiated module; present in the JS but not in the package's typings. */
interface WasmGlue {
  __wbg_set_wasm(exports: WasmExports): void;
}

// The WebAssembly global exists in Node but is typed only by the DOM lib, which the packages do not load.
type WasmExports = Record<string, unknown>;
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: Record<string, object>) => { exports: WasmExports };
}
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

let loaded = false;

/**
 * The engine arms a 10 s timer around its advisory lock and never clears it, which would keep a finished CLI or
 * test process alive for 10 s. Its timers guard nothing the process needs once idle, so they are unref'd.
 */
function withUnrefTimers(glue: object): Record<string, unknown> {
  const imports: Record<string, unknown> = { ...glue };
  for (const name of Object.keys(imports)) {
    if (!name.startsWith("__wbg_setTimeout_")) continue;
    imports[name] = (callback: () => void, ms: number) => setTimeout(callback, ms >>> 0).unref();
  }
  return imports;
}

/**
 * The package entry imports the `.wasm` file as an ES module, which Node 20 cannot do: instantiate it by hand, once
 * per process. The `.wasm` is not in the package's exports, so it is found beside the exported glue file.
 */
function loadWasm(): void {
  if (loaded) return;
  globalThis.PRISMA_WASM_PANIC_REGISTRY ??= {
    message: "",
    set_message(message: string) {
      this.message = message;
    },
  };
  const dir = path.dirname(createRequire(import.meta.url).resolve("@prisma/schema-engine-wasm/schema_engine_bg"));
  const module = new wasmApi.Module(readFileSync(path.join(dir, "schema_engine_bg.wasm")));
  const instance = new wasmApi.Instance(module, { "./schema_engine_bg.js": withUnrefTimers(bg) });
  (bg as unknown as WasmGlue).__wbg_set_wasm(instance.exports);
  (instance.exports["__wbindgen_start"] as () => void)();
  loaded = true;
}

/** The last Rust panic message, to add to an error report. */
export function lastPanicMessage(): string {
  return globalThis.PRISMA_WASM_PANIC_REGISTRY?.message ?? "";
}

export interface OpenEngine {
  engine: SchemaEngine;
  /** Frees the engine and disposes every adapter it opened (an open pg pool would keep the process alive). */
  close(): Promise<void>;
}

export async function openEngine(
  factory: SqlMigrationAwareDriverAdapterFactory,
  schemaFiles: SchemaContainer[],
): Promise<OpenEngine> {
  loadWasm();
  const opened: SqlDriverAdapter[] = [];
  const tracking: SqlMigrationAwareDriverAdapterFactory = {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => {
      const adapter = await factory.connect();
      opened.push(adapter);
      return adapter;
    },
    // Shadow adapters are disposed by the engine itself (their dispose drops the shadow database).
    connectToShadowDb: () => factory.connectToShadowDb(),
  };
  const engine = await bg.SchemaEngine.new(
    { datamodels: schemaFiles.map((f): [string, string] => [f.path, f.content]) },
    (log: string) => {
      if (process.env["DEBUG_SCHEMA_ENGINE"]) console.error(log);
    },
    bindMigrationAwareSqlAdapterFactory(tracking),
  );
  return {
    engine,
    async close() {
      engine.free();
      for (const adapter of opened.splice(0)) await adapter.dispose();
    },
  };
}
