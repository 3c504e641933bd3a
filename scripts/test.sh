#!/usr/bin/env bash
# Every package's tests one package at a time (they share two cores and one PostgreSQL), then the workspace checks.
# Runs everything even when a package fails, and fails if anything failed.
cd "$(dirname "$0")/.."
status=0
pnpm -r --no-bail --workspace-concurrency=1 test || status=1
pnpm exec tap --disable-coverage test/*.test.ts || status=1
exit $status
