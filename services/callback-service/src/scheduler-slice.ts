// The event loop's scheduler slice. Since Linux 6.6 the fair scheduler is EEVDF, and since 6.12 a thread may ask for a
// slice of its own (sched_setattr with sched_runtime on SCHED_OTHER). The slice is how long a thread may keep its core
// once picked before a waking peer may take it: the default (0.7 ms × (1 + log2 of the cores), 1.4 ms on two cores)
// lets a database backend, a kernel thread or a background worker that got the core while the loop slept hold it up
// to that long after a request arrives; a thread whose slice is shorter than the running one's preempts it at once.
// That is what a latency-critical loop wants, and it costs nothing in priority: its share of the core is unchanged.
// Node has no binding for sched_setattr; koffi calls libc's syscall() from a prebuilt binary (no compiler needed).

/** struct sched_attr, version 0 (48 bytes): what this module reads and writes. */
const ATTR_SIZE = 48;
const OFFSET = { size: 0, policy: 4, flags: 8, runtime: 24 } as const;
const SCHED_OTHER = 0;
const SCHED_BATCH = 3;
/** The kernel's bounds of a custom slice (kernel/sched/syscalls.c). */
export const SLICE_MIN_US = 100;
export const SLICE_MAX_US = 100_000;

const SYSCALL_NUMBERS: Partial<Record<string, { setattr: number; getattr: number }>> = {
  x64: { setattr: 314, getattr: 315 },
  arm64: { setattr: 274, getattr: 275 },
};

export type SliceResult = { applied: true; sliceUs: number } | { applied: false; reason: string };

type Syscall = (nr: number, ...typedArgs: unknown[]) => number;

async function loadSyscall(): Promise<{ call: Syscall; errno: () => number } | string> {
  if (process.platform !== "linux") return `not Linux (${process.platform})`;
  try {
    const { default: koffi } = await import("koffi");
    const libc = koffi.load("libc.so.6");
    return { call: libc.func("long syscall(long nr, ...)") as Syscall, errno: () => koffi.errno() };
  } catch (error) {
    return `koffi could not load libc: ${(error as Error).message}`;
  }
}

/**
 * Gives the calling thread a scheduler slice of `sliceUs` µs (SLICE_MIN_US–SLICE_MAX_US), keeping its policy and nice
 * value. Threads it starts afterwards inherit the slice. Reports why not where the kernel or platform cannot.
 */
export async function setThreadSlice(sliceUs: number): Promise<SliceResult> {
  if (!Number.isInteger(sliceUs) || sliceUs < SLICE_MIN_US || sliceUs > SLICE_MAX_US) {
    return { applied: false, reason: `slice must be ${SLICE_MIN_US}–${SLICE_MAX_US} µs, got ${sliceUs}` };
  }
  const numbers = SYSCALL_NUMBERS[process.arch];
  if (!numbers) return { applied: false, reason: `no sched_setattr number known for ${process.arch}` };
  const syscall = await loadSyscall();
  if (typeof syscall === "string") return { applied: false, reason: syscall };
  const attr = Buffer.alloc(ATTR_SIZE);
  const getattr = () => syscall.call(numbers.getattr, "int", 0, "uint8_t *", attr, "uint", ATTR_SIZE, "uint", 0);
  if (getattr() !== 0) return { applied: false, reason: `sched_getattr failed (errno ${syscall.errno()})` };
  const policy = attr.readUInt32LE(OFFSET.policy);
  // A real-time or idle thread has no fair slice to set.
  if (policy !== SCHED_OTHER && policy !== SCHED_BATCH) return { applied: false, reason: `scheduling policy ${policy} is not a fair one` };
  attr.writeUInt32LE(ATTR_SIZE, OFFSET.size);
  attr.writeBigUInt64LE(0n, OFFSET.flags);
  attr.writeBigUInt64LE(BigInt(sliceUs) * 1000n, OFFSET.runtime);
  if (syscall.call(numbers.setattr, "int", 0, "uint8_t *", attr, "uint", 0) !== 0) {
    return { applied: false, reason: `sched_setattr failed (errno ${syscall.errno()})` };
  }
  // Kernels before 6.12 accept the call and ignore the runtime of a fair thread: read it back.
  attr.fill(0);
  if (getattr() !== 0) return { applied: false, reason: `sched_getattr failed (errno ${syscall.errno()})` };
  const got = Number(attr.readBigUInt64LE(OFFSET.runtime) / 1000n);
  return got === sliceUs ? { applied: true, sliceUs } : { applied: false, reason: `the kernel kept its own slice (${got} µs); custom slices need Linux 6.12` };
}
