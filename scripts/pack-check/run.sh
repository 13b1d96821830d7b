#!/usr/bin/env bash
# Packs @trawl/core, @trawl/http and @trawl/console as `pnpm publish` would (prepack builds them), installs the
# tarballs into an empty npm project and runs smoke.mjs there with plain node.
set -euo pipefail
cd "$(dirname "$0")/../.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

for package in core http console; do
  log="$work/pack-$package.log"
  (cd "packages/$package" && pnpm pack --pack-destination "$work" >"$log" 2>&1) || { cat "$log" >&2; echo "pack check failed: pnpm pack of $package" >&2; exit 1; }
done
for tarball in "$work"/*.tgz; do
  listing="$(tar -tzf "$tarball")"
  # A tarball without its build is what `pnpm pack` made before prepack existed.
  for file in dist/index.js dist/index.d.ts README.md LICENSE; do
    grep -qx "package/$file" <<<"$listing" || { echo "pack check failed: $(basename "$tarball") has no $file" >&2; exit 1; }
  done
done
# The console's tarball carries its built app: the manifest and the two hashed files it names.
console_listing="$(tar -tzf "$work"/trawl-console-*.tgz)"
for pattern in 'package/assets/manifest\.json' 'package/assets/app-[A-Z0-9]+\.js' 'package/assets/app-[A-Z0-9]+\.css'; do
  grep -Eqx "$pattern" <<<"$console_listing" || { echo "pack check failed: the console's tarball has no $pattern" >&2; exit 1; }
done

mkdir "$work/app"
cp scripts/pack-check/smoke.mjs "$work/app/"
cd "$work/app"
npm init -y >/dev/null
npm pkg set type=module >/dev/null
npm install --no-audit --no-fund --loglevel=error "$work"/trawl-core-*.tgz "$work"/trawl-http-*.tgz "$work"/trawl-console-*.tgz express@5 >/dev/null
node smoke.mjs
