// The compiled dictionary behind `/sensitive_word/test`: the committed snapshot (loadSnapshot, the same loader the
// callback replicas use) compiled with each scene policy's normalisation, kept until the version moves.
import { compile, type Dictionary } from "@wordguard/matcher";
import { loadSnapshot, readVersion, type PrismaClient, type Snapshot, type SnapshotEntry, type SnapshotWhitelistEntry } from "@wordguard/db";
import type { Policies, Scene } from "@wordguard/contracts";

export interface CompiledSnapshot {
  version: number;
  policies: Map<Scene, Policies.Policy>;
  dictionaries: Map<Scene, Dictionary>;
  entries: Map<string, SnapshotEntry>;
  whitelist: Map<string, SnapshotWhitelistEntry>;
}

function compileSnapshot(snapshot: Snapshot): CompiledSnapshot {
  const byOptions = new Map<string, Dictionary>();
  const dictionaries = new Map<Scene, Dictionary>();
  const policies = new Map<Scene, Policies.Policy>();
  for (const policy of snapshot.policies) {
    policies.set(policy.scene, policy);
    const key = JSON.stringify(policy.normalize);
    let dictionary = byOptions.get(key);
    if (dictionary === undefined) {
      dictionary = compile({ entries: snapshot.entries, whitelist: snapshot.whitelist, normalize: policy.normalize });
      byOptions.set(key, dictionary);
    }
    dictionaries.set(policy.scene, dictionary);
  }
  return {
    version: snapshot.version,
    policies,
    dictionaries,
    entries: new Map(snapshot.entries.map((e) => [e.id, e])),
    whitelist: new Map(snapshot.whitelist.map((w) => [w.id, w])),
  };
}

export class TestDictionary {
  readonly #prisma: PrismaClient;
  #loaded: CompiledSnapshot | undefined;
  #loading: Promise<CompiledSnapshot> | undefined;

  constructor(prisma: PrismaClient) {
    this.#prisma = prisma;
  }

  /**
   * The compiled snapshot of the committed version: one cheap version read per call, a reload when it moved.
   * Concurrent callers share one reload.
   */
  async current(): Promise<CompiledSnapshot> {
    const version = await readVersion(this.#prisma);
    for (;;) {
      if (this.#loaded !== undefined && this.#loaded.version >= version) return this.#loaded;
      this.#loading ??= loadSnapshot(this.#prisma)
        .then(compileSnapshot)
        .finally(() => {
          this.#loading = undefined;
        });
      const compiled = await this.#loading;
      if (this.#loaded === undefined || compiled.version > this.#loaded.version) this.#loaded = compiled;
      // A reload that began before `version` committed returns an older snapshot: go round once more.
      if (compiled.version >= version) return compiled;
    }
  }
}
