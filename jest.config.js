// Jest 30 + @swc/jest: TypeScript is compiled to CommonJS per file, and so are the ESM-only
// packages we use (listed below). Types are checked separately by `tsc --noEmit`.
// PGlite loads its WASM with a dynamic import(), which needs --experimental-vm-modules (set by
// the test script).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2022',
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

const esmOnly = [
  'jose',
  'content-disposition',
  'file-type',
  'strtok3',
  'token-types',
  'uint8array-extras',
  '@tokenizer',
  '@borewit',
  '@noble',
  'flatbush',
  'flatqueue',
  'property-graph',
];

export default {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  // The UI's stylesheets are Vite's to bundle; under Jest (Node, no DOM) importing one does nothing.
  moduleNameMapper: { '\\.css$': '<rootDir>/ui/src/testing/stylesheet.ts' },
  testMatch: ['<rootDir>/*/src/**/*.test.ts', '<rootDir>/*/src/**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  maxWorkers: 2,
  // Tests start whole platforms and browsers; a loaded 2-core machine needs room (timings are the bench's job).
  testTimeout: 180_000,
};
